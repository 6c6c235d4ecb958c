/**
 * npm run restore -- <file>
 * Restores a backup made by `npm run backup` into DATA_DIR while no portal runs on it: checks the
 * archive (manifest, SQLite's integrity check, a schema this release knows, the stored files),
 * then moves the directory's data to DATA_DIR/.replaced-<time>/ and the backup's into place.
 * Exit codes: 0 restored, 1 refused or failed, 2 bad arguments.
 */
import { runDataDirectoryCommand } from "./data-directory-command";
import { describeManifest } from "../app/platform/backup/describe-backup";
import { restoreBackup } from "../app/platform/backup/restore-backup.server";

runDataDirectoryCommand({
  name: "restore",
  onPostgres: "restore it with pg_restore",
  async run(dataDir, file) {
    const summary = await restoreBackup({ dataDir, file, now: new Date() });
    return [
      `Restored ${file} into ${dataDir}:`,
      ...describeManifest(summary.manifest),
      summary.replacedTo
        ? `The data it replaced is in ${summary.replacedTo} (remove it once the portal runs well).`
        : "The data directory held no data before.",
      "The portal brings an older schema up to date when it starts.",
    ];
  },
});
