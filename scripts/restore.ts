/**
 * npm run restore -- <file>
 * Restores a backup made by `npm run backup` into DATA_DIR while no portal runs on it: checks the
 * archive (manifest, SQLite's integrity check, a schema this release knows, the stored files),
 * then moves the directory's data to DATA_DIR/.replaced-<time>/ and the backup's into place.
 * Exit codes: 0 restored, 1 refused or failed, 2 bad arguments.
 */
import { isPostgresUrl } from "../app/db/connect.server";
import { BackupRefusedError } from "../app/platform/backup/backup-refused";
import { DataDirectoryBusyError } from "../app/platform/backup/portal-presence.server";
import { describeManifest } from "../app/platform/backup/describe-backup";
import { dataDirectoryFromEnvironment } from "../app/platform/backup/data-directory";
import { restoreBackup } from "../app/platform/backup/restore-backup.server";

const USAGE = "Usage: npm run restore -- <file>   (DATA_DIR names the data directory, ./data by default)";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("-")) {
    process.stderr.write(`${USAGE}\n`);
    return args[0] === "--help" || args[0] === "-h" ? 0 : 2;
  }
  if (isPostgresUrl(process.env.DATABASE_URL)) {
    process.stderr.write("restore: DATABASE_URL names a PostgreSQL database; restore it with pg_restore (README, Operating it).\n");
    return 1;
  }
  const dataDir = dataDirectoryFromEnvironment(process.env);
  const summary = await restoreBackup({ dataDir, file: args[0]!, now: new Date() });
  process.stdout.write(
    [
      `Restored ${args[0]} into ${dataDir}:`,
      ...describeManifest(summary.manifest),
      summary.replacedTo ? `The data it replaced is in ${summary.replacedTo} (remove it once the portal runs well).` : "The data directory held no data before.",
      "The portal brings an older schema up to date when it starts.",
      "",
    ].join("\n"),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof BackupRefusedError || error instanceof DataDirectoryBusyError;
    process.stderr.write(`restore: ${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
