import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { create as createTar } from "tar";
import { PRIVATE_DIR_MODE, writePrivateFile } from "~/lib/private-files.server";
import { appliedMigrations } from "./applied-migrations.server";
import { BACKUP_FORMAT, DATABASE_NAME, FILES_DIRECTORY, MANIFEST_NAME, SECRETS_DIRECTORY, type BackupManifest } from "./backup-manifest";
import { BackupRefusedError } from "./backup-refused";
import { linkMissingFiles, listStoredFiles, totalBytes } from "./stored-files.server";

export interface BackupSummary {
  file: string;
  archiveBytes: number;
  manifest: BackupManifest;
}

/**
 * A consistent copy of the embedded database and the stored files, taken while the portal keeps
 * serving, written as one gzipped tar (mode 600: it holds the data directory's secrets).
 *
 * The database comes from SQLite's online backup API in a single step, so it is the database as
 * of one moment however much the portal writes meanwhile (WAL: the portal's writers do not wait).
 * The stored files are hard-linked into a staging folder before and again after that moment: a
 * file the database names is present whether it was written before (first pass) or during the
 * copy (second pass), and a file the portal replaces or removes meanwhile keeps its old content
 * through the link. Extra files are harmless; the database never names a file the backup lacks.
 */
export async function createBackup(options: { dataDir: string; file: string; now: Date }): Promise<BackupSummary> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  const source = path.join(dataDir, DATABASE_NAME);
  if (!fs.existsSync(source)) throw new BackupRefusedError(`There is no embedded database at ${source} (is DATA_DIR right?).`);
  if (fs.existsSync(file)) throw new BackupRefusedError(`${file} exists already; name a new file, so that no backup is overwritten.`);
  if (!fs.existsSync(path.dirname(file))) throw new BackupRefusedError(`The folder ${path.dirname(file)} does not exist.`);

  // In the data directory, so that hard links work (one file system) and nothing leaves it unprotected.
  const stage = fs.mkdtempSync(path.join(dataDir, ".backup-"));
  const partial = `${file}.partial`;
  try {
    const filesRoot = path.join(dataDir, FILES_DIRECTORY);
    const stagedFiles = path.join(stage, FILES_DIRECTORY);
    fs.mkdirSync(stagedFiles, { mode: PRIVATE_DIR_MODE });
    linkMissingFiles(filesRoot, stagedFiles);

    const copy = path.join(stage, DATABASE_NAME);
    const pages = await copyDatabase(source, copy);
    const database = new SQLite(copy);
    let migrations: string[];
    try {
      // One self-contained file: the copy needs no -wal beside it.
      database.pragma("journal_mode = DELETE");
      migrations = appliedMigrations(database);
    } finally {
      database.close();
    }

    linkMissingFiles(filesRoot, stagedFiles);
    const files = listStoredFiles(stagedFiles);
    const secrets = copySecrets(path.join(dataDir, SECRETS_DIRECTORY), path.join(stage, SECRETS_DIRECTORY));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: options.now.toISOString(),
      schemaVersion: migrations.at(-1) ?? null,
      migrations,
      database: { bytes: fs.statSync(copy).size, pages },
      files: { count: files.length, bytes: totalBytes(stagedFiles, files) },
      secrets,
    };
    writePrivateFile(path.join(stage, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);

    const entries = [MANIFEST_NAME, DATABASE_NAME, FILES_DIRECTORY, ...(secrets.length > 0 ? [SECRETS_DIRECTORY] : [])];
    // The file is made private before anything is written to it.
    fs.closeSync(fs.openSync(partial, "w", 0o600));
    await createTar({ gzip: true, file: partial, cwd: stage, portable: true }, entries);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    return { file, archiveBytes: fs.statSync(file).size, manifest };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** SQLite's online backup, all pages in one step (one read transaction: one moment). Returns the page count. */
async function copyDatabase(source: string, target: string): Promise<number> {
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    const result = await database.backup(target, { progress: () => 0x7fffffff });
    return result.totalPages;
  } finally {
    database.close();
  }
}

/** The data directory's generated secrets (session secret, configuration key), copied privately. */
function copySecrets(from: string, to: string): string[] {
  const names = listStoredFiles(from).sort();
  if (names.length === 0) return [];
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const name of names) {
    fs.mkdirSync(path.dirname(path.join(to, name)), { recursive: true, mode: 0o700 });
    fs.copyFileSync(path.join(from, name), path.join(to, name));
    fs.chmodSync(path.join(to, name), 0o600);
  }
  return names;
}
