import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { extract as extractTar } from "tar";
import { migrationsFor } from "~/db/migrations";
import { makeTreePrivate, PRIVATE_DIR_MODE } from "~/lib/private-files.server";
import { appliedMigrations } from "./applied-migrations.server";
import { backupManifestSchema, DATABASE_NAME, FILES_DIRECTORY, MANIFEST_NAME, SECRETS_DIRECTORY, type BackupManifest } from "./backup-manifest";
import { BackupRefusedError } from "./backup-refused";
import { markRestore } from "./portal-presence.server";
import { listStoredFiles } from "./stored-files.server";

export interface RestoreSummary {
  manifest: BackupManifest;
  /** Where the data that was in the directory went (null when there was none). */
  replacedTo: string | null;
}

/** What the data directory holds that a restore replaces. */
const REPLACED = [DATABASE_NAME, `${DATABASE_NAME}-wal`, `${DATABASE_NAME}-shm`, FILES_DIRECTORY, SECRETS_DIRECTORY];

/**
 * Restores a backup made by createBackup into a data directory no portal uses: unpacks it beside
 * the data, checks it (its manifest, SQLite's integrity check, a schema this code knows, every
 * stored file), and only then moves the directory's data aside to .replaced-<time>/ and the
 * backup's into place. Anything refused leaves the directory as it was.
 */
export async function restoreBackup(options: { dataDir: string; file: string; now: Date }): Promise<RestoreSummary> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new BackupRefusedError(`There is no file ${file}.`);
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const mark = markRestore(dataDir, options.now);
  const stage = fs.mkdtempSync(path.join(dataDir, ".restore-"));
  try {
    await unpack(file, stage);
    const manifest = readManifest(stage, file);
    checkDatabase(path.join(stage, DATABASE_NAME));
    checkFiles(path.join(stage, FILES_DIRECTORY), manifest);

    const present = REPLACED.filter((name) => fs.existsSync(path.join(dataDir, name)));
    let replacedTo: string | null = null;
    if (present.length > 0) {
      replacedTo = path.join(dataDir, `.replaced-${options.now.toISOString().replace(/[:.]/g, "-")}`);
      fs.mkdirSync(replacedTo, { mode: 0o700 });
      for (const name of present) fs.renameSync(path.join(dataDir, name), path.join(replacedTo, name));
    }
    for (const name of [DATABASE_NAME, FILES_DIRECTORY, SECRETS_DIRECTORY]) {
      // Private whatever modes the archive carries (decision 0062).
      makeTreePrivate(path.join(stage, name));
      if (fs.existsSync(path.join(stage, name))) fs.renameSync(path.join(stage, name), path.join(dataDir, name));
    }
    return { manifest, replacedTo };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
    mark.release();
  }
}

async function unpack(file: string, stage: string): Promise<void> {
  try {
    await extractTar({
      file,
      cwd: stage,
      strict: true,
      // Plain files and folders only: a link in an archive could point out of the data directory.
      filter: (_path, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory"),
    });
  } catch (error) {
    throw new BackupRefusedError(`${file} is not a portal backup: it cannot be read as a gzipped tar (${(error as Error).message}).`);
  }
}

function readManifest(stage: string, file: string): BackupManifest {
  let text: string;
  try {
    text = fs.readFileSync(path.join(stage, MANIFEST_NAME), "utf8");
  } catch {
    throw new BackupRefusedError(`${file} is not a portal backup: it has no ${MANIFEST_NAME}.`);
  }
  let parsed: ReturnType<typeof backupManifestSchema.safeParse>;
  try {
    parsed = backupManifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new BackupRefusedError(`${file} is not a portal backup: its ${MANIFEST_NAME} is not JSON.`);
  }
  if (!parsed.success) throw new BackupRefusedError(`${file} is not a backup this portal can read: its ${MANIFEST_NAME} is not in format 1.`);
  if (!fs.existsSync(path.join(stage, DATABASE_NAME))) throw new BackupRefusedError(`${file} is incomplete: it has no ${DATABASE_NAME}.`);
  return parsed.data;
}

function checkDatabase(copy: string): void {
  let verdict: string;
  let migrations: string[];
  try {
    const database = new SQLite(copy, { readonly: true, fileMustExist: true });
    try {
      verdict = (database.pragma("integrity_check") as Array<{ integrity_check: string }>).map((row) => row.integrity_check).join("; ");
      migrations = verdict === "ok" ? appliedMigrations(database) : [];
    } finally {
      database.close();
    }
  } catch (error) {
    throw new BackupRefusedError(`The backup's database is damaged: ${(error as Error).message}.`);
  }
  if (verdict !== "ok") throw new BackupRefusedError(`The backup's database is damaged: SQLite's integrity check says ${verdict.slice(0, 500)}.`);

  const known = Object.keys(migrationsFor("sqlite"));
  const unknown = migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupRefusedError(
      `The backup's schema version (${unknown.at(-1)}) is newer than this portal's (${known.at(-1)}): restore it with the release that made it, or a newer one.`,
    );
  }
}

function checkFiles(root: string, manifest: BackupManifest): void {
  const count = listStoredFiles(root).length;
  if (count !== manifest.files.count) {
    throw new BackupRefusedError(`The backup is incomplete: it holds ${count} stored files where its manifest says ${manifest.files.count}.`);
  }
}
