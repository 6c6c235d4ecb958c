import { sql, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";
import type { Row } from "~/db/types";
import { type GridBindings } from "~/grid/sql-bindings.server";
import { tableQuery } from "~/grid/table-query.server";
import { MAX_INTEGER } from "./etl-form";
import type { etlGrid } from "./grid";

/** A whole number the integer columns can hold; a larger one matches no row (never a database error). */
const exactInteger = (values: readonly string[], column: ReturnType<typeof sql.ref>) => {
  const value = Number(values[0]);
  return Number.isSafeInteger(value) && value <= MAX_INTEGER ? sql<SqlBool>`${column} = ${value}` : sql<SqlBool>`1 = 0`;
};

/** The ETL grid's columns and filters in SQL: Var Id and Batch Id exact integers, the text contains (ignoring case). */
export const ETL_BINDINGS: GridBindings<typeof etlGrid> = {
  varId: { sql: "e.varId", filter: exactInteger },
  varParentKey: { sql: "e.varParentKey", filter: "contains" },
  varParentVal: { sql: "e.varParentVal", filter: "contains" },
  varChildKey: { sql: "e.varChildKey", filter: "contains" },
  varChildVal: { sql: "e.varChildVal", filter: "contains" },
  etlJobName: { sql: "e.etlJobName", filter: "contains" },
  etlBatchId: { sql: "e.etlBatchId", filter: exactInteger },
  lastUpdateDate: { sql: "e.lastUpdateDate" },
  lastUpdateUser: { sql: "e.lastUpdateUser", filter: "contains" },
  dateCreated: { sql: "e.dateCreated" },
};

const COLUMNS = [
  "e.varId",
  "e.varParentKey",
  "e.varParentVal",
  "e.varChildKey",
  "e.varChildVal",
  "e.etlJobName",
  "e.etlBatchId",
  "e.lastUpdateDate",
  "e.lastUpdateUser",
  "e.dateCreated",
] as const;

/** Every matching variable in grid order (the sorted column, then the id), and one page of them with how many match. */
export const etlRows = tableQuery({
  from: () => getDb().selectFrom("etlVariables as e"),
  bindings: ETL_BINDINGS,
  select: (matching) => matching.select(COLUMNS),
  defaultSort: "varId",
  key: "e.varId",
});

/** How a confirmation names a variable: id, job, parent key / child key. */
export function etlLabel(row: Row<"etlVariables">): string {
  return [`${row.varId}`, row.etlJobName, [row.varParentKey, row.varChildKey].filter(Boolean).join(" / ")].filter(Boolean).join(" · ");
}
