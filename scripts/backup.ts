/**
 * npm run backup -- <file>
 * Writes a consistent copy of the embedded SQLite database in DATA_DIR (SQLite's online backup
 * API), its stored files and its generated secrets to <file> (a gzipped tar, mode 600), while the
 * portal keeps serving. On PostgreSQL use pg_dump instead (README, Operating it).
 * Exit codes: 0 written, 1 refused or failed, 2 bad arguments.
 */
import { isPostgresUrl } from "../app/db/connect.server";
import { BackupRefusedError } from "../app/platform/backup/backup-refused";
import { createBackup } from "../app/platform/backup/create-backup.server";
import { describeManifest, formatBytes } from "../app/platform/backup/describe-backup";
import { dataDirectoryFromEnvironment } from "../app/platform/backup/data-directory";

const USAGE = "Usage: npm run backup -- <file>   (DATA_DIR names the data directory, ./data by default)";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("-")) {
    process.stderr.write(`${USAGE}\n`);
    return args[0] === "--help" || args[0] === "-h" ? 0 : 2;
  }
  if (isPostgresUrl(process.env.DATABASE_URL)) {
    process.stderr.write("backup: DATABASE_URL names a PostgreSQL database; back it up with pg_dump or the platform's backups (README, Operating it).\n");
    return 1;
  }
  const dataDir = dataDirectoryFromEnvironment(process.env);
  const summary = await createBackup({ dataDir, file: args[0]!, now: new Date() });
  process.stdout.write(
    [
      `Backed up ${dataDir} to ${summary.file} (${formatBytes(summary.archiveBytes)}):`,
      ...describeManifest(summary.manifest),
      "The file holds the data directory's secrets: keep it as safe as the data itself.",
      "",
    ].join("\n"),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`backup: ${error instanceof BackupRefusedError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
