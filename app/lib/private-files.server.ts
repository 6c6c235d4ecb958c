import fs from "node:fs";
import path from "node:path";

/**
 * What the portal writes is its owner's alone (decision 0062): the database and its -wal and -shm,
 * the generated secrets, stored files, run marks and backups hold sign-in keys, sessions and
 * password hashes. Files are made 0600 and folders 0700 where they are created; modes are set
 * explicitly, never left to the process's umask.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
/** Any permission for the group or others. */
const SHARED_BITS = 0o077;

/** Creates a folder (and any missing parents) the portal owns, 0700, and makes an existing one 0700. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates the folders leading to a file, 0700 each (the ones that already exist are left as they are). */
export function ensurePrivateParents(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Writes a whole file 0600 (made so also when it existed). */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** The SQLite files beside a database: SQLite makes -wal and -shm with the database file's mode. */
export function databaseFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
}

/**
 * Before SQLite opens a database file: a new one is created empty with mode 0600, so SQLite makes
 * its -wal and -shm 0600 too; an existing one and its companions are made 0600.
 */
export function preparePrivateDatabaseFile(file: string): void {
  if (!fs.existsSync(file)) {
    try {
      fs.closeSync(fs.openSync(file, "wx", PRIVATE_FILE_MODE));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  for (const companion of databaseFiles(file)) chmodIfPresent(companion, PRIVATE_FILE_MODE);
}

function chmodIfPresent(file: string, mode: number): void {
  try {
    if ((fs.statSync(file).mode & 0o777) !== mode) fs.chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Whether the group or others may read, write or enter it; false for what does not exist. */
export function sharedWithOthers(file: string): boolean {
  try {
    return (fs.statSync(file).mode & SHARED_BITS) !== 0;
  } catch {
    return false;
  }
}

/**
 * Makes a folder the portal owns and everything in it private: folders 0700, files 0600. Links are
 * not followed. Returns how many modes it changed.
 */
export function makeTreePrivate(root: string): number {
  let changed = 0;
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  if (stat.isSymbolicLink()) return 0;
  const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  if ((stat.mode & 0o777) !== mode) {
    fs.chmodSync(root, mode);
    changed += 1;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(root)) changed += makeTreePrivate(path.join(root, name));
  }
  return changed;
}
