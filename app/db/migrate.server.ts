import { Migrator, type MigrationProvider } from "kysely";
import type { PortalDatabase } from "./connect.server";
import { migrationsFor } from "./migrations";

export class MigrationError extends Error {}

/** The migrations this code knows that the database has not run yet (empty once up to date). */
export async function pendingMigrations(database: Pick<PortalDatabase, "db" | "dialect">): Promise<string[]> {
  const migrations = migrationsFor(database.dialect);
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  return (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/** Brings the schema up to date. Forward only: a database newer than this code is refused. */
export async function migrateToLatest(database: PortalDatabase): Promise<string[]> {
  const migrations = migrationsFor(database.dialect);
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "unknown error");
    throw new MigrationError(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`.replace("  ", " "));
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
