import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import { providerScopeOf } from "~/auth/provider-scope.server";
import type { UserClaims } from "~/auth/user-claims";
import { getDb, setDatabase } from "~/db/db.server";
import { todayIn } from "~/grid/dates";
import { parseGridUrl } from "~/grid/url-state";
import { providerLock } from "~/modules/providers/provider-options.server";
import { quoteCells } from "~/modules/quotes/cells";
import { loadQuoteFilterOptions } from "~/modules/quotes/filter-options.server";
import { quotesGrid } from "~/modules/quotes/grid";
import { findQuotesPage, selectQuoteRows, type QuoteQuery } from "~/modules/quotes/grid-query.server";
import { loader as quotesCsv } from "~/routes/transactions.quotes[.]csv";
import { seedDatabase } from "../../seed/index.server";
import { parseCsv, startsWithBom } from "../support/csv-text";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { loaderArgs, pageRequest, signedInCookie, useTestAuthSettings } from "../support/signed-in-request";

/** /transactions/quotes.csv called as a function: the Quotes grid's rows, columns and access. */
const ANCHOR = new Date("2026-06-17T00:00:00Z");
const WINDOW = "from=2025-01-01&to=2026-06-17";
const ZONE = "America/Chicago";

function user(login: string, roles: string[], companyId: number | null = null): UserClaims {
  return { id: `u-quotes-csv-${login}`, login: `quotes-csv-${login}`, firstName: null, lastName: null, email: null, roles, companyId };
}
const POWER = user("power", ["DIP_PORTAL", "DIP_POWER"]);
const PROVIDER = user("provider", ["DIP_PORTAL", "DIP_PROVIDER"], DEMO_PROVIDER_ID);
const PORTAL = user("portal", ["DIP_PORTAL"]);

async function download(claims: UserClaims, path: string): Promise<{ response: Response; records: string[][] }> {
  const response = await quotesCsv(loaderArgs(pageRequest(path, await signedInCookie(claims))));
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(startsWithBom(bytes)).toBe(true);
  return { response, records: parseCsv(Buffer.from(bytes.subarray(3)).toString("utf8")) };
}

async function gridQuery(search: string, claims: UserClaims): Promise<QuoteQuery> {
  const scope = await providerScopeOf(claims);
  const options = await loadQuoteFilterOptions(scope);
  const { state } = parseGridUrl(quotesGrid, new URLSearchParams(search), { today: todayIn(ZONE), options, locked: providerLock(scope) });
  return { state, timeZone: ZONE, scope };
}

describe.each(testDialects)("CSV export of the Quotes grid on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDatabase(t.database, { scale: 1500, dataDir: t.dataDir, demoPassword: "demo-portal", anchor: ANCHOR });
    setDatabase(t.database);
    useTestAuthSettings();
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  it("holds every matching quote (the grid's total) in the grid's columns, with the values it shows", async () => {
    const got = await download(POWER, `/transactions/quotes.csv?${WINDOW}`);
    expect(got.response.headers.get("Content-Disposition")).toBe(`attachment; filename="Quotes-${todayIn(ZONE)}.csv"`);
    const shown = quotesGrid.columns.filter((column) => column.defaultVisible);
    expect(shown.length).toBeGreaterThan(0);
    expect(got.records[0]).toEqual(shown.map((column) => (column.width === "dateTime" ? `${column.label} (${ZONE})` : column.label)));
    const query = await gridQuery(WINDOW, POWER);
    const { total } = await findQuotesPage(query);
    expect(total).toBeGreaterThan(0);
    expect(got.records.length - 1).toBe(total);
    const rows = await selectQuoteRows(query).execute();
    expect(got.records.slice(1)).toEqual(rows.map((row) => shown.map((column) => quoteCells(row, ZONE)[column.id])));

    const chosen = await download(POWER, `/transactions/quotes.csv?${WINDOW}&cols=vin,quoteId`);
    expect(chosen.records[0]).toEqual(["VIN", "Quote ID"]);
  });

  it("gives a provider-only user their provider's quotes only, whatever ?provider= says", async () => {
    const other = await getDb().selectFrom("quotes").select("providerId").where("providerId", "!=", DEMO_PROVIDER_ID).executeTakeFirstOrThrow();
    const got = await download(PROVIDER, `/transactions/quotes.csv?${WINDOW}&provider=${other.providerId}&cols=providerId,quoteId`);
    const ownTotal = (await findQuotesPage(await gridQuery(WINDOW, PROVIDER))).total;
    expect(got.records.length - 1).toBe(ownTotal);
    expect(new Set(got.records.slice(1).map((record) => record[0]))).toEqual(ownTotal > 0 ? new Set([String(DEMO_PROVIDER_ID)]) : new Set());
  });

  it("refuses a user without the quote area (404)", async () => {
    const denied = await quotesCsv(loaderArgs(pageRequest("/transactions/quotes.csv", await signedInCookie(PORTAL)))).catch((error: unknown) => error);
    expect((denied as Response).status).toBe(404);
  });
});
