import { sql, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { filterConditions, type GridBindings, sortExpression } from "~/grid/sql-bindings.server";
import { recordIds } from "~/lib/record-id";
import type { EtlCellsSource } from "./cells.server";
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

function matching(state: GridState) {
  return getDb()
    .selectFrom("etlVariables as e")
    .where((eb) => eb.and(filterConditions(ETL_BINDINGS, state.filters, undefined)));
}

/** Every matching variable in grid order (the sorted column, then the id): the page reads a slice, the export all. */
export function selectEtlRows(state: GridState) {
  return matching(state)
    .select(COLUMNS)
    .orderBy(sortExpression(ETL_BINDINGS, state, "varId"), state.dir)
    .orderBy("e.varId", state.dir);
}

/** One page of variables and how many match. */
export function findEtlPage(state: GridState): Promise<{ rows: EtlCellsSource[]; total: number }> {
  return offsetPageWithTotal(selectEtlRows(state), matching(state), state);
}

/** The ids of these that can be variables' ids (a forged id is none). */
export const numericEtlIds = (ids: readonly string[]) => recordIds(ids);

/** Of these ids, the variables that exist. */
export async function existingEtlIds(ids: readonly string[]): Promise<string[]> {
  const numeric = numericEtlIds(ids);
  if (numeric.length === 0) return [];
  const rows = await getDb().selectFrom("etlVariables").select("varId").where("varId", "in", numeric).execute();
  return rows.map((row) => String(row.varId));
}

/** How a confirmation names variables: id, job, parent key / child key. */
export async function etlLabels(ids: readonly string[]): Promise<string[]> {
  const numeric = numericEtlIds(ids);
  if (numeric.length === 0) return [];
  const rows = await getDb().selectFrom("etlVariables").select(["varId", "etlJobName", "varParentKey", "varChildKey"]).where("varId", "in", numeric).execute();
  const label = (row: (typeof rows)[number]) =>
    [`${row.varId}`, row.etlJobName, [row.varParentKey, row.varChildKey].filter(Boolean).join(" / ")].filter(Boolean).join(" · ");
  const byId = new Map(rows.map((row) => [String(row.varId), label(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
