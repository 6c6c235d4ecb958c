/**
 * The frame of `npm run backup` and `npm run restore`: one argument (the archive), the data
 * directory from DATA_DIR, a refusal on PostgreSQL, and the exit codes 0 done, 1 refused or
 * failed (the reason on stderr), 2 bad arguments.
 */
import { isPostgresUrl } from "../app/db/connect.server";
import { BackupRefusedError } from "../app/platform/backup/backup-refused";
import { dataDirectoryFromEnvironment } from "../app/platform/backup/data-directory";
import { DataDirectoryBusyError } from "../app/platform/backup/portal-presence.server";

export interface DataDirectoryCommand {
  name: "backup" | "restore";
  /** What to use instead on PostgreSQL. */
  onPostgres: string;
  /** Does the work and returns the lines to print. */
  run(dataDir: string, file: string): Promise<string[]>;
}

async function main(command: DataDirectoryCommand): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("-")) {
    process.stderr.write(`Usage: npm run ${command.name} -- <file>   (DATA_DIR names the data directory, ./data by default)\n`);
    return args[0] === "--help" || args[0] === "-h" ? 0 : 2;
  }
  if (isPostgresUrl(process.env.DATABASE_URL)) {
    process.stderr.write(`${command.name}: DATABASE_URL names a PostgreSQL database; ${command.onPostgres} (README, Operating it).\n`);
    return 1;
  }
  const lines = await command.run(dataDirectoryFromEnvironment(process.env), args[0]!);
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}

export function runDataDirectoryCommand(command: DataDirectoryCommand): void {
  main(command).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const refused = error instanceof BackupRefusedError || error instanceof DataDirectoryBusyError;
      const reason = refused ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.stderr.write(`${command.name}: ${reason}\n`);
      process.exit(1);
    },
  );
}
