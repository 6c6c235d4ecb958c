import SQLite from "better-sqlite3";

/** The migrations a SQLite database file has run, in order (Kysely's kysely_migration table). */
export function appliedMigrations(file: string): string[] {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = database.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return [];
    return (database.prepare("select name from kysely_migration order by name").all() as Array<{ name: string }>).map((row) => row.name);
  } finally {
    database.close();
  }
}
