import { CamelCasePlugin } from "kysely";

/**
 * Rows read on the native driver come back with the database's snake_case column names; the
 * app's Kysely instance turns them into camelCase with CamelCasePlugin. This applies the same
 * plugin's rule, computed once per statement, to rows read as arrays of values.
 */
class ColumnNames extends CamelCasePlugin {
  toCamel(name: string): string {
    return this.camelCase(name);
  }
}

const columnNames = new ColumnNames();

export type RowBuilder<Row> = (values: readonly unknown[]) => Row;

/**
 * A function that turns one row of values (in the order of `columns`) into an object with the
 * camelCase keys the compiled query's type promises.
 */
export function camelCaseRowBuilder<Row>(columns: readonly string[]): RowBuilder<Row> {
  const keys = columns.map((column) => columnNames.toCamel(column));
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index++) row[keys[index]] = values[index];
    return row as Row;
  };
}
