import type SQLite from "better-sqlite3";

/** The migrations a SQLite database has run, in order (Kysely's kysely_migration table). */
export function appliedMigrations(database: SQLite.Database): string[] {
  const table = database.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  if (!table) return [];
  return (database.prepare("select name from kysely_migration order by name").all() as Array<{ name: string }>).map((row) => row.name);
}
