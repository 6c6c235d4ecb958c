/**
 * npm run backup -- <file>
 * Writes a consistent copy of the embedded SQLite database in DATA_DIR (SQLite's online backup
 * API), its stored files and its generated secrets to <file> (a gzipped tar, mode 600), while the
 * portal keeps serving. On PostgreSQL use pg_dump instead (README, Operating it).
 * Exit codes: 0 written, 1 refused or failed, 2 bad arguments.
 */
import { runDataDirectoryCommand } from "./data-directory-command";
import { createBackup } from "../app/platform/backup/create-backup.server";
import { describeManifest, formatBytes } from "../app/platform/backup/describe-backup";

runDataDirectoryCommand({
  name: "backup",
  onPostgres: "back it up with pg_dump or the platform's backups",
  async run(dataDir, file) {
    const summary = await createBackup({ dataDir, file, now: new Date() });
    return [
      `Backed up ${dataDir} to ${summary.file} (${formatBytes(summary.archiveBytes)}):`,
      ...describeManifest(summary.manifest),
      "The file holds the data directory's secrets: keep it as safe as the data itself.",
    ];
  },
});
