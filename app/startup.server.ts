import fs from "node:fs";
import { StartupError } from "~/lib/startup-error";
import { ConfigError, type AppConfig } from "./config.server";
import { SeedError, seedIfEmpty } from "../seed/index.server";
import { connectDatabase, DatabaseStartError, type PortalDatabase } from "./db/connect.server";
import { setDatabase } from "./db/db.server";
import { migrateToLatest, MigrationError } from "./db/migrate.server";
import { setFileStorage } from "./integrations/file-storage.server";
import { createLocalFileStorage } from "./integrations/storage.server";
import type { Logger } from "./lib/logger.server";
import { PRIVATE_DIR_MODE } from "./lib/private-files.server";
import { secureDataDirectory } from "./platform/data-directory-privacy.server";

export function ensureWritableDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartupError(`The data directory ${dataDir} (DATA_DIR) cannot be created or written to (${code}).`);
  }
}

/** Opens the database, brings the schema up to date and loads demo data into an empty one. */
export async function openPortalDatabase(config: AppConfig, logger: Logger): Promise<PortalDatabase> {
  ensureWritableDataDir(config.dataDir);
  secureDataDirectory({ dataDir: config.dataDir, sqliteFile: config.database.kind === "sqlite" ? config.database.file : null }, logger);
  const database = await connectDatabase(
    config.database.kind === "postgres" ? { databaseUrl: config.database.url, sqliteFile: "" } : { sqliteFile: config.database.file },
  );
  try {
    const applied = await migrateToLatest(database);
    logger.info(applied.length > 0 ? "Migrations applied" : "Schema is up to date", {
      database: database.description,
      migrations: applied,
    });
    const seeded = await seedIfEmpty(database, {
      scale: config.seedScale,
      dataDir: config.dataDir,
      demoPassword: config.demoPassword,
      log: (message) => logger.info(message),
    });
    if (seeded) {
      logger.info("Demo data loaded", { scanRequests: seeded.scanRequests, durationMs: seeded.durationMs, counts: seeded.counts });
    } else {
      logger.info("The database already holds data: demo data not loaded");
    }
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  setDatabase(database);
  setFileStorage(createLocalFileStorage(config.dataDir));
  return database;
}

const ONE_LINE_FAILURES = [ConfigError, DatabaseStartError, MigrationError, SeedError, StartupError];

/** The one line to print for a failure an operator can act on; undefined for a bug. */
export function describeStartFailure(error: unknown): string | undefined {
  if (!ONE_LINE_FAILURES.some((kind) => error instanceof kind)) return undefined;
  return (error as Error).message.replace(/\s*\n\s*/g, " ").trim();
}
