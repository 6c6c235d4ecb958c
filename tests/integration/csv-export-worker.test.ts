import { sql, type Compilable, type SelectQueryBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { providerScopeOf } from "~/auth/provider-scope.server";
import type { UserClaims } from "~/auth/user-claims";
import { getDatabase, getDb, setDatabase } from "~/db/db.server";
import { openRowStreams, rowSourceTarget } from "~/db/row-stream/stream-rows.server";
import { CsvWorkerExport } from "~/grid/csv-worker/csv-worker-export.server";
import { idleCsvWorkers } from "~/grid/csv-worker/csv-worker-pool.server";
import { gridCsvResponse, type GridCsvInput } from "~/grid/grid-csv.server";
import { parseGridUrl } from "~/grid/url-state";
import * as logger from "~/lib/logger.server";
import { providerLock } from "~/modules/providers/provider-options.server";
import { transactionCells } from "~/modules/transactions/cells";
import { loadTransactionFilterChoices } from "~/modules/transactions/filter-options.server";
import { transactionsGrid } from "~/modules/transactions/grid";
import { selectTransactionExportRows, type TransactionRow } from "~/modules/transactions/grid-query.server";
import { seedDatabase } from "../../seed/index.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * The CSV export written by a worker thread (decision 0091) against the request thread's writer it
 * replaces: the same bytes, the statement or cursor and the connection released however the
 * download ends, a query that cannot run failing the request, and an error midway ending the body.
 */
const ANCHOR = new Date("2026-06-17T00:00:00Z");
const ZONE = "Asia/Kolkata";
const WINDOW = "from=2025-01-01&to=2026-06-17";
const ALL_COLUMNS =
  "scanRequestId,masterId,providerName,providerScanStatus,providerId,shopId,licenseNo,shopName,repairOrderNo,createdDateTime,year,make,model,vin,scanType,providerServiceName,type,scanPhase,status,invoiceStatus,clientType,isBillable,isTest";
const ADMIN: UserClaims = {
  id: "u-worker-admin",
  login: "workeradmin",
  firstName: "Wren",
  lastName: "Admin",
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const AWKWARD_NAMES = ['Smith, Jones & "Sons"', "Line one\r\nline two", '=HYPERLINK("http://evil.example","click")', "Zürich Ünïcode ✓", "@SUM(A1:A9)"];

type Rows = (state: Parameters<GridCsvInput<TransactionRow>["rows"]>[0]) => Compilable<TransactionRow>;

async function exportInput(search: string, options: { inWorker: boolean; rows?: Rows; signal?: AbortSignal }): Promise<GridCsvInput<TransactionRow>> {
  const scope = await providerScopeOf(ADMIN);
  const choices = await loadTransactionFilterChoices(scope);
  const controller = new AbortController();
  const request = new Request(`http://portal.test/transactions.csv?${search}`, { signal: options.signal ?? controller.signal });
  return {
    request,
    userId: `${ADMIN.id}-${Math.random()}`,
    definition: transactionsGrid,
    timeZone: ZONE,
    options: choices.options,
    locked: providerLock(scope),
    rows: options.rows ?? ((state) => selectTransactionExportRows({ state, timeZone: ZONE, scope, storedValues: choices.storedValues })),
    cells: (row) => transactionCells(row, ZONE),
    inWorker: options.inWorker ? { writer: "transactions", context: { timeZone: ZONE } } : undefined,
    now: ANCHOR,
  };
}

async function bytesOf(response: Response): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Uint8Array[] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

/** The export's database connections still open: statements or cursors (openRowStreams), and on PostgreSQL every other session of this database. */
async function exportConnections(): Promise<number> {
  const native = getDatabase().native;
  if (native.dialect !== "postgres") return openRowStreams();
  const others = await native.pool.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state is not null and (query like 'fetch forward%' or state like 'idle in transaction%' or query like 'declare portal_row_stream%')",
  );
  return openRowStreams() + others.rows[0].n;
}

describe.each(testDialects)("the CSV export's worker thread on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDatabase(t.database, { scale: 3000, dataDir: t.dataDir, demoPassword: "demo-portal", anchor: ANCHOR });
    setDatabase(t.database);
    const template = await getDb().selectFrom("scanRequests").selectAll().where("type", "=", "diagnostics").orderBy("scanRequestId").executeTakeFirstOrThrow();
    for (const [index, name] of AWKWARD_NAMES.entries()) {
      await getDb()
        .insertInto("scanRequests")
        .values({ ...template, scanRequestId: 980_001 + index, shopName: name, createdDateTime: "2026-06-10T12:00:00.000Z" })
        .execute();
    }
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  it.each([
    ["the default columns", WINDOW],
    ["every column", `${WINDOW}&cols=${ALL_COLUMNS}`],
    ["no row at all", "from=2001-01-01&to=2001-01-02"],
  ])("writes byte for byte what the request thread writes: %s", async (_name, search) => {
    const onThread = await bytesOf(await gridCsvResponse(await exportInput(search, { inWorker: false })));
    const inWorker = await bytesOf(await gridCsvResponse(await exportInput(search, { inWorker: true })));
    expect(inWorker.bytes.equals(onThread.bytes)).toBe(true);
    expect(inWorker.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    if (search === WINDOW) {
      expect(inWorker.bytes.toString("utf8")).toContain('"Smith, Jones & ""Sons"""');
      expect(inWorker.chunks).toBeGreaterThan(3);
    }
    expect(openRowStreams()).toBe(0);
    // The worker went back to wait for the next export.
    expect(idleCsvWorkers()).toBeGreaterThanOrEqual(1);
  });

  it("stops the worker's statement or cursor and releases its connection when the body is cancelled or the request aborted", async () => {
    const cancelled = await gridCsvResponse(await exportInput(`${WINDOW}&cols=${ALL_COLUMNS}`, { inWorker: true }));
    const reader = (cancelled.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);
    expect(openRowStreams()).toBe(1);
    await reader.cancel();
    await expect.poll(exportConnections, { timeout: 10_000 }).toBe(0);

    const client = new AbortController();
    const aborted = await gridCsvResponse(await exportInput(`${WINDOW}&cols=${ALL_COLUMNS}`, { inWorker: true, signal: client.signal }));
    const abortedReader = (aborted.body as ReadableStream<Uint8Array>).getReader();
    await abortedReader.read();
    client.abort();
    await expect.poll(exportConnections, { timeout: 10_000 }).toBe(0);
    expect((await abortedReader.read()).done).toBe(true);

    // The worker is used again after both.
    const again = await bytesOf(await gridCsvResponse(await exportInput(WINDOW, { inWorker: true })));
    expect(again.bytes.byteLength).toBeGreaterThan(64 * 1024);
    expect(openRowStreams()).toBe(0);
  });

  it("writes a chunk only when the response asks for one: at most one ahead of it", async () => {
    const scope = await providerScopeOf(ADMIN);
    const choices = await loadTransactionFilterChoices(scope);
    const columnIds = ALL_COLUMNS.split(",");
    const { state } = parseGridUrl(transactionsGrid, new URLSearchParams(`${WINDOW}&cols=${ALL_COLUMNS}`), {
      today: "2026-06-17",
      timeZone: ZONE,
      options: choices.options,
    });
    const compiled = selectTransactionExportRows({ state, timeZone: ZONE, scope, storedValues: choices.storedValues }).compile();
    const exporting = new CsvWorkerExport({
      writer: "transactions",
      context: { timeZone: ZONE },
      source: rowSourceTarget(),
      sql: compiled.sql,
      parameters: compiled.parameters,
      columnIds,
      headerRows: [columnIds],
    });
    try {
      for (let read = 0; read < 3; read++) {
        const chunk = await exporting.next();
        expect(chunk.last).toBe(false);
        expect(chunk.bytes.byteLength).toBeGreaterThan(60 * 1024);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(exporting.chunksWaiting()).toBeLessThanOrEqual(1);
      }
    } finally {
      await exporting.close();
    }
    await expect.poll(exportConnections, { timeout: 10_000 }).toBe(0);
  });

  it("fails the request when the writer's context cannot cross to the worker, with nothing left open", async () => {
    const input = await exportInput(WINDOW, { inWorker: true });
    const uncloneable = { ...input, inWorker: { writer: "transactions", context: { timeZone: ZONE, format: () => ZONE } } };
    await expect(gridCsvResponse(uncloneable)).rejects.toThrow(/could not be cloned/);
    expect(openRowStreams()).toBe(0);
    const again = await bytesOf(await gridCsvResponse(await exportInput(WINDOW, { inWorker: true })));
    expect(again.bytes.byteLength).toBeGreaterThan(64 * 1024);
  });

  it("fails the request when the query cannot run, with nothing left open", async () => {
    const broken: Rows = () =>
      getDb()
        .selectFrom("scanRequests")
        .select(sql<number>`no_such_column`.as("scanRequestId")) as unknown as Compilable<TransactionRow>;
    await expect(gridCsvResponse(await exportInput(WINDOW, { inWorker: true, rows: broken }))).rejects.toThrow(/no_such_column/);
    await expect.poll(exportConnections, { timeout: 10_000 }).toBe(0);
  });

  it("ends the body with an error that happens after the download started, and reports it", async () => {
    const scope = await providerScopeOf(ADMIN);
    const choices = await loadTransactionFilterChoices(scope);
    const reportSpy = vi.spyOn(logger.log, "error");
    // A row far past the first chunk makes the statement fail when it is reached.
    const failingAt = (state: Parameters<Rows>[0], id: number) => {
      const base = selectTransactionExportRows({ state, timeZone: ZONE, scope, storedValues: choices.storedValues }) as unknown as SelectQueryBuilder<
        never,
        never,
        TransactionRow
      >;
      const failure =
        dialect === "postgres"
          ? sql<boolean>`1 / (case when scan_request_id = ${id} then 0 else 1 end) = 1`
          : sql<boolean>`json_extract(case when scan_request_id = ${id} then 'not json' else '1' end, '$') = 1`;
      return base.where(failure);
    };
    const ids = await bytesOf(await gridCsvResponse(await exportInput(`${WINDOW}&cols=scanRequestId`, { inWorker: false })));
    const order = ids.bytes.toString("utf8").split("\r\n").slice(1);
    const id = Number(order[2000]);
    const response = await gridCsvResponse(await exportInput(WINDOW, { inWorker: true, rows: (state) => failingAt(state, id) }));
    expect(response.status).toBe(200);
    await expect(bytesOf(response)).rejects.toThrow();
    expect(reportSpy).toHaveBeenCalledWith("A CSV export stopped before its end", expect.objectContaining({ grid: "transactions" }));
    await expect.poll(exportConnections, { timeout: 10_000 }).toBe(0);
  });
});
