import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";
import { splitDerivedId } from "~/grid/column-layout";
import type { GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { asNumber, filterConditions, type GridBindings, sortColumn } from "~/grid/sql-bindings.server";
import { notTestShop } from "~/modules/dashboard/test-shops.server";
import { adoptionGrid, type Measure, MEASURES, TEST_SHOPS_IN } from "./grid";
import { measureAlias } from "./measure-alias";
import { MONTHS_PARAM, monthsOfRange, rangeOf, type ReportMonth } from "./months";
import type { AdoptionRow, RowField } from "./row";

export interface AdoptionQueryContext {
  /** Today in America/Chicago: the last month of the window is today's. */
  today: string;
}

/**
 * The report's column bindings: the report row `r`, its provider `p`. The measures are read from
 * one join of the months table per shown month (`m0`..`m4`, its primary key row_id + month_dt), so
 * a page, its count and the CSV are each one query, sortable by any month's measure.
 */
export const ADOPTION_BINDINGS: GridBindings<typeof adoptionGrid, AdoptionQueryContext, Measure> = {
  provider: { sql: "r.providerId", filter: "exact", stored: asNumber },
  providerId: { sql: "r.providerId" },
  rfNm: { sql: "r.rfNm", filter: "contains" },
  msoNm: { sql: "r.msoNm", filter: "contains" },
  rfId: { sql: "r.rfId", filter: "exact", stored: asNumber },
  rfStCd: { sql: "r.rfStCd", filter: "exact" },
  rfLicNum: { sql: "r.rfLicNum", filter: "exact", stored: asNumber },
  rfZipCd: { sql: "r.rfZipCd", filter: "prefix" },
  activationDt: { sql: "r.activationDt" },
  firstScanDt: { sql: "r.firstScanDt" },
  isShopActive: { sql: "r.isShopActive", filter: "exact" },
  isWorkflowShop: { sql: "r.isWorkflowShop", filter: "exact" },
  trend: { sql: "r.trend" },
  // Test shops are left out unless asked in (see matchingRows); asking them in adds no condition.
  testShops: { sql: "r.rfId", filter: () => sql<SqlBool>`1 = 1` },
};

/** The shown months of a state (its Months Range in the window ending today). */
export function shownMonths(state: GridState, context: AdoptionQueryContext): ReportMonth[] {
  return monthsOfRange(rangeOf(state.params[MONTHS_PARAM]), context.today);
}

function conditions(state: GridState, context: AdoptionQueryContext): Expression<SqlBool>[] {
  const where = filterConditions(ADOPTION_BINDINGS, state.filters, context);
  if (state.filters.testShops?.[0] !== TEST_SHOPS_IN) where.push(notTestShop("r.rfId"));
  // The table appears once a provider is chosen: no provider, no rows (a provider-only user's is always there).
  if (!state.filters.provider?.length) where.push(sql<SqlBool>`1 = 0`);
  return where;
}

function matchingRows(state: GridState, context: AdoptionQueryContext) {
  return getDb()
    .selectFrom("adoptionReportRows as r")
    .where((eb) => eb.and(conditions(state, context)));
}

/** The expression the state sorts by: a month's measure (`2026-07.totalScanCnt`) or a row field; the provider id by default. */
function sortBy(state: GridState, months: readonly ReportMonth[]): RawBuilder<unknown> {
  const derived = state.sort ? splitDerivedId(adoptionGrid, state.sort) : null;
  if (derived) {
    const index = months.findIndex((month) => month.id === derived.groupId);
    if (index >= 0) return sql.ref(`m${index}.${derived.measureId}`);
  }
  return sql.ref(sortColumn(ADOPTION_BINDINGS, state, "providerId"));
}

/** The columns each row field is read from (the provider's name needs its join). */
const FIELD_COLUMNS = {
  rfNm: ["r.rfNm"],
  providerId: ["r.providerId", "p.providerName"],
  msoNm: ["r.msoNm"],
  rfId: ["r.rfId"],
  rfStCd: ["r.rfStCd"],
  rfLicNum: ["r.rfLicNum"],
  activationDt: ["r.activationDt"],
  firstScanDt: ["r.firstScanDt"],
  isShopActive: ["r.isShopActive"],
  trend: ["r.trend"],
} as const satisfies Record<RowField, readonly string[]>;
type FieldColumn = (typeof FIELD_COLUMNS)[RowField][number];

/** What a page reads besides its fields: the row id, and the shop and provider its month links name. */
const PAGE_COLUMNS: readonly FieldColumn[] = ["r.rfId", "r.providerId"];

/**
 * Every matching row in grid order, with the shown months' measures: a page reads a slice of it
 * with every row field (and the row id); the CSV reads every row with only the fields it writes
 * (`fields`), as each column read is work for the database, the driver and the row builder.
 */
export function selectAdoptionRows(state: GridState, context: AdoptionQueryContext, fields?: readonly RowField[]) {
  const months = shownMonths(state, context);
  let query = matchingRows(state, context).leftJoin("providers as p", "p.providerId", "r.providerId");
  months.forEach((month, index) => {
    const alias = `m${index}`;
    // One join per shown month, by the months table's primary key (row_id, month_dt).
    query = query.leftJoin(`adoptionReportMonths as ${alias}` as "adoptionReportMonths as m", (join) =>
      join.onRef(`${alias}.rowId` as "m.rowId", "=", "r.id").on(`${alias}.monthDt` as "m.monthDt", "=", month.first),
    ) as unknown as typeof query;
  });
  // Only the shown measures are read (the sort reads its own column whether shown or not).
  const shown = MEASURES.filter((measure) => state.cols.includes(measure));
  const measures = months.flatMap((_, index) =>
    shown.map((measure) => sql<number | null>`${sql.ref(`m${index}.${measure}`)}`.as(measureAlias(index, measure))),
  );
  const columns = new Set<FieldColumn>(fields ? [] : PAGE_COLUMNS);
  for (const field of fields ?? (Object.keys(FIELD_COLUMNS) as RowField[])) for (const column of FIELD_COLUMNS[field]) columns.add(column);
  return query
    .select(fields ? [...columns] : ["r.id", ...columns])
    .select(measures)
    .orderBy(sortBy(state, months), state.dir)
    .orderBy("r.rfNm", "asc")
    .orderBy("r.id", "asc");
}

export async function findAdoptionPage(state: GridState, context: AdoptionQueryContext): Promise<{ rows: AdoptionRow[]; total: number }> {
  if (!state.filters.provider?.length) return { rows: [], total: 0 };
  const { rows, total } = await offsetPageWithTotal(selectAdoptionRows(state, context), matchingRows(state, context), state);
  // The measures' columns are named at run time (adoption/row.ts).
  return { rows: rows as unknown as AdoptionRow[], total };
}

/** The Last Refreshed stamp: the latest ETL update of the provider's report rows; null when it has none. */
export async function lastEtlUpdate(providerId: number): Promise<string | null> {
  const row = await getDb()
    .selectFrom("adoptionReportRows")
    .select((eb) => eb.fn.max("etlUpdatedDatetime").as("latest"))
    .where("providerId", "=", providerId)
    .executeTakeFirst();
  const latest = row?.latest as unknown;
  if (latest === null || latest === undefined) return null;
  return latest instanceof Date ? latest.toISOString() : String(latest);
}
