/**
 * npm run seed -- [--scale N] [--force] [--lean] [--anchor YYYY-MM-DD]
 * Migrates the database named by DATABASE_URL (or the SQLite file in DATA_DIR) and fills it with
 * demo data. Without --force a database that already has data is left as it is.
 * Exit codes: 0 done (or nothing to do), 1 failure, 2 bad arguments or environment.
 */
import path from "node:path";
import { DEFAULT_DEMO_PASSWORD } from "../app/auth/demo-access";
import { connectDatabase, DatabaseStartError, isPostgresUrl, type PortalDatabase } from "../app/db/connect.server";
import { migrateToLatest, MigrationError } from "../app/db/migrate.server";
import { parseSeedArguments, SEED_USAGE, SeedArgumentError, type SeedArguments } from "../seed/cli-arguments";
import { LEAN_SEED } from "../seed/context";
import { emptyDatabase } from "../seed/empty.server";
import { isDatabaseEmpty, seedDatabase, SeedError } from "../seed/index.server";

const MIN_PASSWORD_LENGTH = 8;

function fail(message: string, code: number): never {
  process.stderr.write(`seed: ${message}\n`);
  process.exit(code);
}

function readArguments(): SeedArguments {
  try {
    return parseSeedArguments(process.argv.slice(2));
  } catch (error) {
    if (error instanceof SeedArgumentError) fail(`${error.message} (npm run seed -- --help)`, 2);
    throw error;
  }
}

async function main(): Promise<void> {
  const args = readArguments();
  if (args.help) {
    process.stdout.write(`${SEED_USAGE}\n`);
    return;
  }
  const dataDir = process.env.DATA_DIR || "data";
  const demoPassword = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
  if (demoPassword.length < MIN_PASSWORD_LENGTH) fail(`DEMO_PASSWORD must have at least ${MIN_PASSWORD_LENGTH} characters.`, 2);
  const databaseUrl = process.env.DATABASE_URL;

  let database: PortalDatabase | undefined;
  try {
    database = await connectDatabase({
      databaseUrl: isPostgresUrl(databaseUrl) ? databaseUrl : undefined,
      sqliteFile: path.join(dataDir, "portal.sqlite"),
    });
    await migrateToLatest(database);
    if (args.force) {
      await emptyDatabase(database);
    } else if (!(await isDatabaseEmpty(database))) {
      process.stdout.write(`The database ${database.description} already has data; nothing changed (npm run seed -- --force replaces it).\n`);
      return;
    }
    const summary = await seedDatabase(database, {
      scale: args.scale,
      dataDir,
      demoPassword,
      anchor: args.anchor,
      lean: args.lean ? LEAN_SEED : undefined,
      log: (message) => process.stderr.write(`${message}\n`),
    });
    const rows = Object.values(summary.counts).reduce((sum, count) => sum + count, 0);
    process.stdout.write(
      `Seeded ${summary.scanRequests} scan requests (${rows} rows) into ${database.description} in ${(summary.durationMs / 1000).toFixed(1)} s.\n`,
    );
  } catch (error) {
    if (!(error instanceof DatabaseStartError || error instanceof MigrationError || error instanceof SeedError)) throw error;
    process.stderr.write(`seed: ${error.message}\n`);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
