import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "~/lib/private-files.server";

/**
 * File storage for logos, reports, quote attachments and error files, addressed by key
 * ("reports/2025-06/123456/ScanReport_123456.pdf"). The local implementation keeps files under
 * `${dataDir}/files/`; an object-store adapter can implement the same interface.
 */
export interface StoredFileInfo {
  size: number;
  modifiedAt: Date;
}

export interface FileStorage {
  /** Writes the file whole: a reader sees the old content or the new one, never a part. */
  put(key: string, data: Uint8Array | string): Promise<void>;
  /** The content, or null when there is no file under the key. */
  get(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<StoredFileInfo | null>;
  /** True when a file was removed, false when there was none. */
  delete(key: string): Promise<boolean>;
  /** A stream of the content and its size, or null when there is no file under the key. */
  openReadStream(key: string): Promise<{ stream: Readable; size: number } | null>;
}

/**
 * Blocking writes, for bulk jobs that create many small files (the demo-data seed): one call per
 * file without a promise per step. Request handlers use the asynchronous FileStorage methods.
 */
export interface SynchronousFileWriter {
  putSync(key: string, data: Uint8Array | string): void;
  deleteSync(key: string): boolean;
}

export class InvalidStorageKeyError extends Error {}

const MAX_KEY_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * A key is a relative path of '/'-separated segments of letters, digits, '.', '_' and '-', none
 * of them '.' or '..' and none starting with '.' or '-': it cannot leave the storage folder, name
 * a hidden file or read as a command-line option.
 */
export function assertValidStorageKey(key: string): string {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new InvalidStorageKeyError(`A storage key must have 1 to ${MAX_KEY_LENGTH} characters.`);
  }
  for (const segment of key.split("/")) {
    if (!SEGMENT.test(segment)) {
      throw new InvalidStorageKeyError(`Invalid storage key ${JSON.stringify(key)}.`);
    }
  }
  return key;
}

export function isValidStorageKey(key: string): boolean {
  try {
    assertValidStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

export class LocalFileStorage implements FileStorage, SynchronousFileWriter {
  readonly root: string;
  private readonly knownDirectories = new Set<string>();

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, "files");
  }

  /** The file's path on disk; throws for a key that is invalid or would resolve outside the root. */
  pathOf(key: string): string {
    assertValidStorageKey(key);
    const resolved = path.resolve(this.root, ...key.split("/"));
    if (!resolved.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(`Invalid storage key ${JSON.stringify(key)}.`);
    return resolved;
  }

  async put(key: string, data: Uint8Array | string): Promise<void> {
    const target = this.pathOf(key);
    const directory = path.dirname(target);
    if (!this.knownDirectories.has(directory)) {
      await fsp.mkdir(directory, { recursive: true, mode: PRIVATE_DIR_MODE });
      this.knownDirectories.add(directory);
    }
    const temporary = `${target}.${randomUUID()}.partial`;
    try {
      await fsp.writeFile(temporary, data, { mode: PRIVATE_FILE_MODE });
      await fsp.rename(temporary, target);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  putSync(key: string, data: Uint8Array | string): void {
    const target = this.pathOf(key);
    const directory = path.dirname(target);
    if (!this.knownDirectories.has(directory)) {
      fs.mkdirSync(directory, { recursive: true, mode: PRIVATE_DIR_MODE });
      this.knownDirectories.add(directory);
    }
    const temporary = `${target}.${randomUUID()}.partial`;
    try {
      fs.writeFileSync(temporary, data, { mode: PRIVATE_FILE_MODE });
      fs.renameSync(temporary, target);
    } catch (error) {
      fs.rmSync(temporary, { force: true });
      throw error;
    }
  }

  deleteSync(key: string): boolean {
    try {
      fs.unlinkSync(this.pathOf(key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const info = await fsp.stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<boolean> {
    try {
      await fsp.unlink(this.pathOf(key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async openReadStream(key: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, "r");
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      // The stream owns the handle from here and closes it when done or destroyed.
      return { stream: handle.createReadStream(), size: info.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
}

export function createLocalFileStorage(dataDir: string): LocalFileStorage {
  return new LocalFileStorage(dataDir);
}
