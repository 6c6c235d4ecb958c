import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from "kysely";
import type { DialectName } from "../dialect";

/**
 * The few column types that differ between the dialects. Instants are ISO-8601 UTC strings on
 * SQLite and timestamptz on PostgreSQL; flags are 0/1 integers on both; JSON is text/jsonb.
 */
export function columnTypes(dialect: DialectName) {
  const pg = dialect === "postgres";
  return {
    timestamp: pg ? sql`timestamptz` : sql`text`,
    date: pg ? sql`date` : sql`text`,
    json: pg ? sql`jsonb` : sql`text`,
    money: pg ? sql`numeric(12,2)` : sql`real`,
    double: pg ? sql`double precision` : sql`real`,
    /** An integer primary key the database numbers (explicit values are allowed too). */
    identity: (col: ColumnDefinitionBuilder) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey()),
  };
}

/** A 0/1 flag with a check, so both databases hold the same values. */
export function flag<T extends string>(table: CreateTableBuilder<T>, name: string, defaultValue: 0 | 1) {
  return table.addColumn(name, "integer", (col) =>
    col
      .notNull()
      .defaultTo(defaultValue)
      .check(sql`${sql.ref(name)} in (0, 1)`),
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export type MigrationDb = Kysely<any>;
