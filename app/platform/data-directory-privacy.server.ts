import fs from "node:fs";
import path from "node:path";
import type { Logger } from "~/lib/logger.server";
import { databaseFiles, makeTreePrivate, PRIVATE_FILE_MODE, sharedWithOthers } from "~/lib/private-files.server";
import { FILES_DIRECTORY, SECRETS_DIRECTORY } from "./backup/backup-manifest";

const RUN_DIRECTORY = "run";

function modeOf(file: string): string {
  return (fs.statSync(file).mode & 0o777).toString(8).padStart(4, "0");
}

/**
 * At start (decision 0062): a data folder or SQLite database that other accounts on the host may
 * read gets one warning line naming it. The folder is the operator's (a mounted volume, say) and is
 * left as it is; what the portal made itself (the database and its -wal and -shm, secrets/, files/,
 * run/) is made private: folders 0700, files 0600.
 */
export function secureDataDirectory(options: { dataDir: string; sqliteFile: string | null }, logger: Logger): void {
  const { dataDir, sqliteFile } = options;
  if (sharedWithOthers(dataDir)) {
    logger.warn("The data directory is open to other accounts on this host: make it 0700 (chmod 700), as it holds sign-in keys and sessions", {
      path: dataDir,
      mode: modeOf(dataDir),
    });
  }
  if (sqliteFile && sharedWithOthers(sqliteFile)) {
    logger.warn("The database file was open to other accounts on this host: made 0600", { path: sqliteFile, mode: modeOf(sqliteFile) });
  }
  if (sqliteFile) {
    for (const file of databaseFiles(sqliteFile)) if (fs.existsSync(file)) fs.chmodSync(file, PRIVATE_FILE_MODE);
  }
  for (const name of [SECRETS_DIRECTORY, FILES_DIRECTORY, RUN_DIRECTORY]) makeTreePrivate(path.join(dataDir, name));
}
