import type { Kysely, Transaction } from "kysely";
import type { Database, Row } from "./types";

/** The columns of a table whose value is a whole-number key (the admin tables' ids). */
export type NumericKey<T extends keyof Database> = { [C in keyof Row<T>]: Row<T>[C] extends number ? C : never }[keyof Row<T>] & string;

/**
 * A table read and written by its numeric key, its rows typed as the table's (decision 0079): the
 * grid skeleton reads the rows an action names and their labels by it, an audited delete removes
 * them by it.
 */
export interface KeyedTable<T extends keyof Database, K extends NumericKey<T>> {
  table: T;
  key: K;
}

export function keyedTable<T extends keyof Database, K extends NumericKey<T>>(table: T, key: K): KeyedTable<T, K> {
  return { table, key };
}

type Reader = Kysely<Database> | Transaction<Database>;
/**
 * Kysely cannot follow a table and a column chosen by a type parameter, so the generic queries are
 * written against this loose view of the same database; `keyedTable` has checked both names.
 */
type LooseDatabase = Kysely<Record<string, Record<string, number>>>;
const loose = (db: Reader) => db as unknown as LooseDatabase;
/** The table's and the key's names as the loose view takes them. */
const namesOf = (keyed: { table: keyof Database; key: string }): { table: string; key: string } => ({ table: keyed.table, key: keyed.key });

/** The key of a row of the table. */
export function keyOf<T extends keyof Database, K extends NumericKey<T>>(keyed: KeyedTable<T, K>, row: Row<T>): number {
  return row[keyed.key] as number;
}

/** The rows of these keys that exist (none for no keys). */
export async function rowsByKeys<T extends keyof Database, K extends NumericKey<T>>(
  db: Reader,
  keyed: KeyedTable<T, K>,
  keys: readonly number[],
): Promise<Row<T>[]> {
  if (keys.length === 0) return [];
  const { table, key } = namesOf(keyed);
  const rows = await loose(db).selectFrom(table).selectAll().where(key, "in", keys).execute();
  return rows as unknown as Row<T>[];
}

/** The row of this key, or undefined. */
export async function rowByKey<T extends keyof Database, K extends NumericKey<T>>(
  db: Reader,
  keyed: KeyedTable<T, K>,
  value: number,
): Promise<Row<T> | undefined> {
  const { table, key } = namesOf(keyed);
  const row = await loose(db).selectFrom(table).selectAll().where(key, "=", value).executeTakeFirst();
  return row as unknown as Row<T> | undefined;
}

/** Removes the rows of these keys. */
export async function deleteByKeys<T extends keyof Database, K extends NumericKey<T>>(
  db: Reader,
  keyed: KeyedTable<T, K>,
  keys: readonly number[],
): Promise<void> {
  const { table, key } = namesOf(keyed);
  await loose(db).deleteFrom(table).where(key, "in", keys).execute();
}
