import { type Compilable, sql, type Expression, type SqlBool } from "kysely";
import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDatabase } from "~/db/db.server";
import type { CsvSqlZone } from "~/grid/csv-sql-cells.server";
import type { GridState } from "~/grid/definition";
import { asNumber, type CustomFilter, dateWindow, filterConditions, type GridBindings, sortColumn, sortExpression } from "~/grid/sql-bindings.server";
import { containsText, startsWith } from "~/grid/text-match.server";
import { TRANSACTION_CSV_SQL_CELLS } from "./csv-sql-cells.server";
import { transactionsGrid } from "./grid";

type TransactionColumnId = (typeof transactionsGrid.columns)[number]["id"];

/** One row of the Transactions or Services grid, as the loader hands it to the page. */
export interface TransactionRow {
  scanRequestId: number;
  scanResponseId: number | null;
  quoteId: number | null;
  masterId: number | null;
  providerName: string;
  providerScanStatus: string | null;
  providerId: number;
  shopId: number;
  licenseNo: string | null;
  shopName: string | null;
  repairOrderNo: string | null;
  createdDateTime: string;
  year: number | null;
  make: string | null;
  model: string | null;
  vin: string | null;
  scanType: string;
  providerServiceName: string | null;
  type: string;
  scanPhase: string | null;
  status: string;
  invoiceStatus: string | null;
  clientType: string | null;
  isBillable: 0 | 1;
}

export interface TransactionQuery {
  state: GridState;
  timeZone: string;
  scope: ProviderScope;
  /** The services grid always asks for type services. */
  requestType?: "services";
  /**
   * The stored value of each lower-cased option value, for filters whose URL values are
   * lower-cased (process status): comparing stored values keeps the indexes usable.
   */
  storedValues?: Readonly<Record<string, ReadonlyMap<string, string>>>;
  /**
   * The provider service names that contain the Provider Service Name filter's text, read before
   * the query (serviceNamesContaining); without them the text is matched row by row.
   */
  serviceNames?: readonly string[] | null;
}

/** License numbers are stored zero-padded to 6 digits; "1234" and "001234" find the same shop. */
export function normaliseLicense(digits: string): string {
  return digits.replace(/^0+(?=\d)/, "").padStart(6, "0");
}

/** The stored value of a lower-cased option value (process status): comparing stored values keeps the indexes usable. */
function storedValueOf(filter: string) {
  return (value: string, query: TransactionQuery) => query.storedValues?.[filter]?.get(value) ?? value;
}

/**
 * VINs starting with a prefix. A prefix of one or two characters matches a large share of all
 * VINs ('1' alone, US-built vehicles, about 43% of them), so an index on the VIN would walk much of
 * the table; such a prefix is written so that no index serves it, and the date-window index
 * (which carries the VIN) answers instead. Longer prefixes use the VIN index.
 */
const SHORT_VIN_PREFIX = 3;

const vinStartsWith: CustomFilter<TransactionQuery> = ([prefix], column) => {
  if (prefix.length >= SHORT_VIN_PREFIX) return startsWith(getDatabase().dialect, "sr.vin", prefix);
  return sql<SqlBool>`substr(${column}, 1, ${sql.lit(prefix.length)}) = ${prefix}`;
};

/**
 * One provider or several (the dashboard's every selectable provider, decision 0064). One reads its
 * own range of the provider index in date order; several are checked on the rows the date index
 * walks (`+provider_id`), as with no provider, instead of reading each provider's range and sorting.
 */
const ofProviders: CustomFilter<TransactionQuery> = (values, column) => {
  const ids = values.map(asNumber);
  return ids.length === 1 ? sql<SqlBool>`${column} = ${ids[0]}` : sql<SqlBool>`+${column} in (${sql.join(ids)})`;
};

/**
 * The names that contain the text, as a list: each name's window is a range of the service index
 * (migration 0016), where matching the text would read every request of the window.
 */
const serviceNameContains: CustomFilter<TransactionQuery> = ([text], column, query) => {
  const names = query.serviceNames;
  if (!names) return containsText(getDatabase().dialect, "sr.providerServiceName", text);
  return names.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${column} in (${sql.join(names)})`;
};

/** Test shops are the internal ones of the shops table. */
const inTestShops: CustomFilter<TransactionQuery> = ([choice], column) => {
  const internalShops = getDatabase().db.selectFrom("shops").select("shops.repairFacilityId").where("shops.isInternal", "=", "Y");
  return choice === "Y" ? sql<SqlBool>`${column} in ${internalShops}` : sql<SqlBool>`${column} not in ${internalShops}`;
};

/** The Transactions and Services grids' columns and filters in SQL. */
export const TRANSACTION_BINDINGS: GridBindings<typeof transactionsGrid, TransactionQuery> = {
  scanRequestId: { sql: "sr.scanRequestId" },
  masterId: { sql: "sr.masterId" },
  providerName: { sql: "p.providerName" },
  providerScanStatus: { sql: "sr.providerScanStatus", filter: "exact" },
  providerId: { sql: "sr.providerId" },
  provider: { sql: "sr.providerId", filter: ofProviders },
  shopId: { sql: "sr.shopId", filter: "exact", stored: asNumber },
  shop: { sql: "sr.shopId", filter: "list", stored: asNumber },
  isTest: { sql: "sr.shopId", filter: inTestShops },
  licenseNo: { sql: "sr.licenseNo", filter: "exact", stored: normaliseLicense },
  shopName: { sql: "sr.shopName" },
  repairOrderNo: { sql: "sr.repairOrderNo" },
  createdDateTime: { sql: "sr.createdDateTime" },
  year: { sql: "sr.year" },
  make: { sql: "sr.make", filter: "exact" },
  model: { sql: "sr.model" },
  vin: { sql: "sr.vin", filter: vinStartsWith },
  scanType: { sql: "sr.scanType", filter: "exact" },
  providerScanType: { sql: "sr.providerScanType", filter: "exact" },
  providerServiceName: { sql: "sr.providerServiceName", filter: serviceNameContains },
  type: { sql: "sr.type", filter: "list" },
  scanPhase: { sql: "sr.scanPhase", filter: "exact" },
  status: { sql: "sr.status", filter: "list", stored: storedValueOf("status") },
  invoiceStatus: { sql: "sr.invoiceStatus", filter: "exact" },
  clientType: { sql: "sr.clientType", filter: "exact" },
  isBillable: { sql: "sr.isBillable" },
  billable: { sql: "sr.isBillable", filter: "exact", stored: (value) => (value === "Y" ? 1 : 0) },
};

const FALLBACK_SORT = "createdDateTime";

function conditions(query: TransactionQuery): Expression<SqlBool>[] {
  const { state, scope } = query;
  const where = [...dateWindow("sr.createdDateTime", state, query.timeZone), ...filterConditions(TRANSACTION_BINDINGS, state.filters, query)];
  if (scope.restricted) where.push(sql<SqlBool>`${sql.ref("sr.providerId")} = ${scope.providerId}`);
  if (query.requestType) where.push(sql<SqlBool>`${sql.ref("sr.type")} = ${query.requestType}`);
  return where;
}

function filteredRequests(query: TransactionQuery) {
  return getDatabase()
    .db.selectFrom("scanRequests as sr")
    .where((eb) => eb.and(conditions(query)));
}

/** The requests with their provider, in grid order (the sort column, then the id). */
function withProvidersInGridOrder(requests: ReturnType<typeof filteredRequests>, state: GridState) {
  // A cross join with the join condition in WHERE is the same inner join; on SQLite it also keeps
  // scan_requests as the outer loop, so the date index yields rows already in grid order. With a
  // plain JOIN SQLite started from providers and sorted the whole date window for every page.
  return requests
    .crossJoin("providers as p")
    .whereRef("p.providerId", "=", "sr.providerId")
    .orderBy(sortExpression(TRANSACTION_BINDINGS, state, FALLBACK_SORT), state.dir)
    .orderBy("sr.scanRequestId", state.dir);
}

/** The grid's columns of the scan requests a query selects, with the provider's name, in grid order. */
function withRowColumns(requests: ReturnType<typeof filteredRequests>, state: GridState) {
  return withProvidersInGridOrder(requests, state).select([
    "sr.scanRequestId",
    "sr.scanResponseId",
    "sr.quoteId",
    "sr.masterId",
    "p.providerName",
    "sr.providerScanStatus",
    "sr.providerId",
    "sr.shopId",
    "sr.licenseNo",
    "sr.shopName",
    "sr.repairOrderNo",
    "sr.createdDateTime",
    "sr.year",
    "sr.make",
    "sr.model",
    "sr.vin",
    "sr.scanType",
    "sr.providerServiceName",
    "sr.type",
    "sr.scanPhase",
    "sr.status",
    "sr.invoiceStatus",
    "sr.clientType",
    "sr.isBillable",
  ]);
}

export function selectTransactionRows(query: TransactionQuery) {
  return withRowColumns(filteredRequests(query), query.state);
}

const COLUMN_IDS: ReadonlySet<string> = new Set(transactionsGrid.columns.map((column) => column.id));

/**
 * The rows an export writes, read with the exported columns' fields only (each column's cell reads
 * its own field): reading a value and handing it from the reading thread costs more than writing
 * it, and the default export writes 12 of the 24 fields (decision 0083). The cells of the columns
 * not exported are computed from absent fields and never written. The request id is always read.
 */
export function selectTransactionExportRows(query: TransactionQuery): Compilable<TransactionRow> {
  const { state } = query;
  const exported = new Set(["scanRequestId", ...state.cols.filter((id) => COLUMN_IDS.has(id))]);
  const fields = [...exported].map((id) => sql.ref(TRANSACTION_BINDINGS[id as TransactionColumnId].sql).as(id));
  return withProvidersInGridOrder(filteredRequests(query), state).select(fields) as unknown as Compilable<TransactionRow>;
}

/**
 * The export's records as PostgreSQL writes them (decision 0097): one CSV cell per exported column,
 * in their order, from the same filtered and ordered requests as selectTransactionExportRows.
 */
export function selectTransactionCsvRecords(query: TransactionQuery, columnIds: readonly string[], zone: CsvSqlZone): Compilable<unknown> {
  const cells = columnIds.map((id, index) => {
    if (!COLUMN_IDS.has(id)) throw new Error(`The Transactions grid has no column ${id}`);
    return TRANSACTION_CSV_SQL_CELLS[id as TransactionColumnId](zone).as(`c${index}`);
  });
  return withProvidersInGridOrder(filteredRequests(query), query.state).select(cells);
}

/**
 * The ids of one page, in grid order. Ordering and skipping carry only the sort key and the id
 * (a deferred join): the rows' other columns are read for the page alone, not for every row the
 * sort or the OFFSET passes over (sorted by Make, page 500 of 50: ~190 ms -> ~30 ms on SQLite).
 */
function pageIds(query: TransactionQuery) {
  const { state } = query;
  const sorted = sortColumn(TRANSACTION_BINDINGS, state, FALLBACK_SORT);
  const column = sql.ref(sorted);
  const offset = (state.page - 1) * state.size;
  if (sorted === "p.providerName") {
    return filteredRequests(query)
      .crossJoin("providers as p")
      .whereRef("p.providerId", "=", "sr.providerId")
      .select("sr.scanRequestId")
      .orderBy(column, state.dir)
      .orderBy("sr.scanRequestId", state.dir)
      .limit(state.size)
      .offset(offset);
  }
  return filteredRequests(query).select("sr.scanRequestId").orderBy(column, state.dir).orderBy("sr.scanRequestId", state.dir).limit(state.size).offset(offset);
}

/** One page of rows and the total that match. */
export async function findTransactionsPage(query: TransactionQuery): Promise<{ rows: TransactionRow[]; total: number }> {
  const { state } = query;
  const [rows, count] = await Promise.all([
    withRowColumns(getDatabase().db.selectFrom("scanRequests as sr").where("sr.scanRequestId", "in", pageIds(query)), state).execute(),
    filteredRequests(query)
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
