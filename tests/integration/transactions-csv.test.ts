import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import { providerScopeOf } from "~/auth/provider-scope.server";
import type { UserClaims } from "~/auth/user-claims";
import { getDatabase, getDb, setDatabase } from "~/db/db.server";
import { openRowStreams } from "~/db/row-stream/stream-rows.server";
import { todayIn } from "~/grid/dates";
import type { GridDefinition } from "~/grid/definition";
import { parseGridUrl } from "~/grid/url-state";
import { cellDateTime } from "~/lib/date-format";
import { providerLock } from "~/modules/providers/provider-options.server";
import { transactionCells } from "~/modules/transactions/cells";
import { loadTransactionFilterChoices } from "~/modules/transactions/filter-options.server";
import { servicesGrid, transactionsGrid } from "~/modules/transactions/grid";
import { findTransactionsPage, selectTransactionRows, type TransactionQuery } from "~/modules/transactions/grid-query.server";
import { loader as servicesCsv } from "~/routes/transactions.services[.]csv";
import { loader as transactionsCsv } from "~/routes/transactions[.]csv";
import { seedDatabase } from "../../seed/index.server";
import { parseCsv, startsWithBom } from "../support/csv-text";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { loaderArgs, pageRequest, signedInCookie, useTestAuthSettings } from "../support/signed-in-request";

/**
 * The CSV routes called as functions with a signed-in request, on a small seeded database: the
 * download holds what the grid shows for the same query, in its columns, safely quoted, streamed.
 */
const ANCHOR = new Date("2026-06-17T00:00:00Z");
const WINDOW = "from=2025-01-01&to=2026-06-17";
const ZONE = "Asia/Kolkata";

const ADMIN: UserClaims = {
  id: "u-csv-admin",
  login: "csvadmin",
  firstName: "Casey",
  lastName: "Admin",
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const PROVIDER: UserClaims = {
  id: "u-csv-provider",
  login: "csvprovider",
  firstName: "Riley",
  lastName: "Provider",
  email: null,
  roles: ["DIP_PORTAL", "DIP_PROVIDER"],
  companyId: DEMO_PROVIDER_ID,
};
const PORTAL_ONLY: UserClaims = {
  id: "u-csv-portal",
  login: "csvportal",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL"],
  companyId: null,
};

/** Shop names that need quoting or formula escaping, on rows of their own. */
const AWKWARD_SHOPS = [
  { id: 990_001, name: 'Smith, Jones & "Sons"' },
  { id: 990_002, name: "Line one\r\nline two\nline three" },
  { id: 990_003, name: '=HYPERLINK("http://evil.example","click")' },
  { id: 990_004, name: "@SUM(A1:A9)" },
  { id: 990_005, name: "+1 body shop" },
  { id: 990_006, name: "-2 body shop" },
  { id: 990_007, name: "\tTabbed shop" },
  { id: 990_008, name: "\rCarriage shop" },
];

interface Download {
  response: Response;
  bytes: Uint8Array;
  chunks: number;
  records: string[][];
}

async function download(route: typeof transactionsCsv, path: string, user: UserClaims, zone = ZONE): Promise<Download> {
  const cookie = `${await signedInCookie(user)}; tz=${encodeURIComponent(zone)}`;
  const response = await route(loaderArgs(pageRequest(path, cookie)));
  expect(response.body).toBeInstanceOf(ReadableStream);
  const parts: Uint8Array[] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  const bytes = new Uint8Array(Buffer.concat(parts));
  expect(startsWithBom(bytes)).toBe(true);
  return { response, bytes, chunks: parts.length, records: parseCsv(Buffer.from(bytes.subarray(3)).toString("utf8")) };
}

/** The grid's own reading of the same URL, for the same user: what the export must match. */
async function gridQuery(definition: GridDefinition, search: string, user: UserClaims, requestType?: "services"): Promise<TransactionQuery> {
  const scope = await providerScopeOf(user);
  const choices = await loadTransactionFilterChoices(scope);
  const context = { today: todayIn(ZONE), options: choices.options, locked: providerLock(scope) };
  const { state } = parseGridUrl(definition, new URLSearchParams(search), context);
  return { state, timeZone: ZONE, scope, requestType, storedValues: choices.storedValues };
}

async function expectedRecords(definition: GridDefinition, query: TransactionQuery): Promise<string[][]> {
  const rows = await selectTransactionRows(query).execute();
  return rows.map((row) => {
    const cells: Readonly<Record<string, string>> = transactionCells(row, ZONE);
    return query.state.cols.map((id) => {
      const value = cells[id];
      return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
    });
  });
}

/** The CSV's header for these columns: their labels, a date column's naming the zone of its values. */
function labelsOf(definition: GridDefinition, ids: readonly string[]): string[] {
  return ids.map((id) => {
    const column = definition.columns.find((candidate) => candidate.id === id);
    if (!column) return id;
    return column.width === "dateTime" ? `${column.label} (${ZONE})` : column.label;
  });
}

describe.each(testDialects)("CSV export of the transactions grids on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDatabase(t.database, { scale: 3000, dataDir: t.dataDir, demoPassword: "demo-portal", anchor: ANCHOR });
    setDatabase(t.database);
    useTestAuthSettings();
    const template = await getDb().selectFrom("scanRequests").selectAll().where("type", "=", "diagnostics").orderBy("scanRequestId").executeTakeFirstOrThrow();
    for (const [index, shop] of AWKWARD_SHOPS.entries()) {
      await getDb()
        .insertInto("scanRequests")
        .values({ ...template, scanRequestId: shop.id, shopName: shop.name, licenseNo: index === 0 ? null : "42", createdDateTime: "2026-06-10T12:00:00.000Z" })
        .execute();
    }
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  it("writes the visible columns in their order, every matching row (the grid's total) with the values the grid shows", async () => {
    const search = `${WINDOW}&cols=vin,scanRequestId,licenseNo,createdDateTime,shopName,providerName`;
    const got = await download(transactionsCsv, `/transactions.csv?${search}`, ADMIN);
    const query = await gridQuery(transactionsGrid, search, ADMIN);
    const { total } = await findTransactionsPage(query);
    expect(total).toBeGreaterThan(2000);
    expect(got.records[0]).toEqual(["VIN", "Request ID", "License #", `Last Updated Date (${ZONE})`, "Shop Name", "Provider"]);
    expect(got.records.length - 1).toBe(total);
    expect(got.records.slice(1)).toEqual(await expectedRecords(transactionsGrid, query));

    const byId = new Map(got.records.slice(1).map((record) => [record[1], record]));
    const first = await getDb()
      .selectFrom("scanRequests")
      .select(["scanRequestId", "createdDateTime"])
      .where("scanRequestId", "=", Number(got.records[1][1]))
      .executeTakeFirstOrThrow();
    expect(byId.get(String(first.scanRequestId))?.[3]).toBe(cellDateTime(first.createdDateTime, ZONE));
    expect(got.records[1][3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(byId.get("990001")?.[2]).toBe("Unknown");
    expect(byId.get("990002")?.[2]).toBe("000042");
  });

  it("uses the grid's default columns when the query names none, and the Services grid's own columns and rows", async () => {
    const transactions = await download(transactionsCsv, `/transactions.csv?${WINDOW}`, ADMIN);
    expect(transactions.records[0]).toEqual(
      labelsOf(
        transactionsGrid,
        transactionsGrid.columns.filter((c) => c.defaultVisible).map((c) => c.id),
      ),
    );

    const search = `${WINDOW}&cols=type,scanRequestId,masterId,isBillable`;
    const services = await download(servicesCsv, `/transactions/services.csv?${search}`, ADMIN);
    // Services has no Master ID or Billable column: they are left out, as the grid leaves them out.
    expect(services.records[0]).toEqual(["Type", "Request ID"]);
    const query = await gridQuery(servicesGrid, search, ADMIN, "services");
    const { total } = await findTransactionsPage(query);
    expect(total).toBeGreaterThan(0);
    expect(services.records.length - 1).toBe(total);
    expect(new Set(services.records.slice(1).map((record) => record[0]))).toEqual(new Set(["services"]));
  });

  it("quotes commas, quotes and line breaks (RFC 4180), ends records with CRLF, and escapes formulas", async () => {
    const got = await download(transactionsCsv, `/transactions.csv?from=2026-06-10&to=2026-06-10&cols=scanRequestId,shopName`, ADMIN);
    const text = Buffer.from(got.bytes.subarray(3)).toString("utf8");
    expect(text).toContain('990001,"Smith, Jones & ""Sons"""\r\n');
    expect(text).toContain('990002,"Line one\r\nline two\nline three"\r\n');
    expect(text).toContain(`990003,"'=HYPERLINK(""http://evil.example"",""click"")"\r\n`);
    expect(text).toContain("990004,'@SUM(A1:A9)\r\n");
    expect(text).toContain("990005,'+1 body shop\r\n");
    expect(text).toContain("990006,'-2 body shop\r\n");
    expect(text).toContain("990007,'\tTabbed shop\r\n");
    expect(text).toContain('990008,"\'\rCarriage shop"\r\n');
    const names = new Map(got.records.map((record) => [record[0], record[1]]));
    expect(names.get("990001")).toBe('Smith, Jones & "Sons"');
    expect(names.get("990002")).toBe("Line one\r\nline two\nline three");
    expect(names.get("990003")).toBe(`'=HYPERLINK("http://evil.example","click")`);
  });

  it("answers with a CSV attachment named after the grid and today in the user's zone, never cached", async () => {
    // A user whose first visit with JavaScript came from Kiritimati: that is their zone (decision 0031).
    const islander = { ...ADMIN, id: "u-kiritimati", login: "kiritimati" };
    const got = await download(transactionsCsv, `/transactions.csv?${WINDOW}`, islander, "Pacific/Kiritimati");
    expect(got.response.status).toBe(200);
    expect(got.response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(got.response.headers.get("Content-Disposition")).toBe(`attachment; filename="Transactions-${todayIn("Pacific/Kiritimati")}.csv"`);
    expect(got.response.headers.get("Cache-Control")).toBe("no-store");
    const services = await download(servicesCsv, `/transactions/services.csv`, ADMIN);
    expect(services.response.headers.get("Content-Disposition")).toBe(`attachment; filename="Services-${todayIn(ZONE)}.csv"`);
  });

  it("gives a provider-only user their own provider's rows only, whatever ?provider= says", async () => {
    const other = await getDb().selectFrom("scanRequests").select("providerId").where("providerId", "!=", DEMO_PROVIDER_ID).executeTakeFirstOrThrow();
    const search = `${WINDOW}&provider=${other.providerId}&cols=providerId,scanRequestId`;
    const got = await download(transactionsCsv, `/transactions.csv?${search}`, PROVIDER);
    const ownTotal = (await findTransactionsPage(await gridQuery(transactionsGrid, WINDOW, PROVIDER))).total;
    expect(ownTotal).toBeGreaterThan(0);
    expect(got.records.length - 1).toBe(ownTotal);
    expect(new Set(got.records.slice(1).map((record) => record[0]))).toEqual(new Set([String(DEMO_PROVIDER_ID)]));
    const services = await download(servicesCsv, `/transactions/services.csv?${search}`, PROVIDER);
    expect(new Set(services.records.slice(1).map((record) => record[0]))).toEqual(new Set([String(DEMO_PROVIDER_ID)]));
  });

  it("downloads the corrected query for a hand-edited URL instead of failing", async () => {
    const search =
      "page=0&size=7&sort=nope&dir=sideways&cols=bogus,vin,,scanRequestId&vin=" +
      "X".repeat(40) +
      "&shopId=abc&licenseNo=12a&provider=abc&shop=x&status=nonsense&type=everything&from=2099-01-01&to=yesterday&expanded=%27;drop&unknown=1";
    const got = await download(transactionsCsv, `/transactions.csv?${search}`, ADMIN);
    expect(got.response.status).toBe(200);
    expect(got.records[0]).toEqual(["VIN", "Request ID"]);
    const corrected = await gridQuery(transactionsGrid, search, ADMIN);
    expect(corrected.state.filters).toEqual({});
    expect(got.records.length - 1).toBe((await findTransactionsPage(corrected)).total);
  });

  it("refuses a user without the page (404) and sends a signed-out visitor to sign in", async () => {
    const denied = await transactionsCsv(loaderArgs(pageRequest("/transactions.csv", await signedInCookie(PORTAL_ONLY)))).catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(Response);
    expect((denied as Response).status).toBe(404);
    const signedOut = await transactionsCsv(loaderArgs(pageRequest("/transactions.csv", ""))).catch((error: unknown) => error);
    expect((signedOut as Response).headers.get("Location")).toBe("/login?returnTo=%2Ftransactions.csv");
  });

  it("streams: a few thousand rows arrive in several bounded chunks, and a download stopped early gives its database connection back", async () => {
    const got = await download(transactionsCsv, `/transactions.csv?${WINDOW}`, ADMIN);
    expect(got.records.length).toBeGreaterThan(2000);
    expect(got.chunks).toBeGreaterThanOrEqual(Math.floor(got.bytes.byteLength / (70 * 1024)));
    expect(got.chunks).toBeGreaterThan(3);

    const before = readersOpen();
    const response = await transactionsCsv(loaderArgs(pageRequest(`/transactions.csv?${WINDOW}`, await signedInCookie(ADMIN))));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBeGreaterThan(0);
    expect(readersOpen()).toBeGreaterThan(before);
    await reader.cancel();
    await expect.poll(readersOpen).toBe(before);
  });

  /** Exports holding a statement or cursor; on PostgreSQL also the pool clients checked out. */
  function readersOpen(): number {
    const native = getDatabase().native;
    const poolClientsInUse = native.dialect === "postgres" ? native.pool.totalCount - native.pool.idleCount : 0;
    return openRowStreams() + poolClientsInUse;
  }
});
