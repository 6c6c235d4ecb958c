import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import type { Row } from "~/db/types";
import { utcDayBounds } from "~/grid/dates";
import type { GridState } from "~/grid/definition";
import { quoteCells } from "~/modules/quotes/cells";
import { findQuotesPage, type QuoteQuery } from "~/modules/quotes/grid-query.server";
import { seedDatabase } from "../../seed/index.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

const ANCHOR = new Date("2026-11-21T00:00:00Z");
const TIME_ZONE = "America/Chicago";

function state(patch: Partial<GridState> = {}): GridState {
  return {
    page: 1,
    size: 20,
    sort: "lastModifiedDateTime",
    dir: "desc",
    cols: [],
    expanded: null,
    panel: null,
    from: "2025-11-01",
    to: "2026-11-21",
    filters: {},
    params: {},
    ...patch,
  };
}

describe.each(testDialects)("quotes grid query on %s", (dialect) => {
  let t: TestDatabase;
  let all: Row<"quotes">[];

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDatabase(t.database, { scale: 1500, dataDir: t.dataDir, demoPassword: "demo-portal", anchor: ANCHOR });
    setDatabase(t.database);
    all = await t.database.db.selectFrom("quotes").selectAll().execute();
  }, 120_000);
  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  /** The oracle: the same filter in plain JavaScript over every quote, newest first. */
  function expected(query: QuoteQuery, keep: (row: Row<"quotes">) => boolean = () => true) {
    const { start, end } = utcDayBounds(query.state.from ?? "1900-01-01", query.state.to ?? "2999-01-01", TIME_ZONE);
    return all
      .filter((row) => row.lastModifiedDateTime >= start && row.lastModifiedDateTime < end)
      .filter((row) => !query.scope.restricted || row.providerId === query.scope.providerId)
      .filter(keep)
      .sort((a, b) => b.lastModifiedDateTime.localeCompare(a.lastModifiedDateTime) || b.quoteId - a.quoteId);
  }

  async function check(query: QuoteQuery, keep?: (row: Row<"quotes">) => boolean) {
    const want = expected(query, keep);
    const got = await findQuotesPage(query);
    expect(got.total).toBe(want.length);
    expect(got.rows.map((row) => row.quoteId)).toEqual(
      want.slice((query.state.page - 1) * query.state.size, query.state.page * query.state.size).map((row) => row.quoteId),
    );
    return got;
  }

  const everyone = { restricted: false } as const;

  it("pages the date window newest first, with the total", async () => {
    const first = await check({ state: state(), timeZone: TIME_ZONE, scope: everyone });
    expect(first.total).toBeGreaterThan(30);
    await check({ state: state({ page: 2, size: 10 }), timeZone: TIME_ZONE, scope: everyone });
    await check({ state: state({ from: "2026-11-01", to: "2026-11-14" }), timeZone: TIME_ZONE, scope: everyone });
  });

  it("keeps a provider-only user inside their provider whatever the filters say", async () => {
    const providerId = all[0].providerId;
    const other = all.find((row) => row.providerId !== providerId)!.providerId;
    const scope = { restricted: true, providerId, providerName: null } as const;
    await check({ state: state(), timeZone: TIME_ZONE, scope });
    const crossing = await findQuotesPage({ state: state({ filters: { provider: [String(other)] } }), timeZone: TIME_ZONE, scope });
    expect(crossing.total).toBe(0);
  });

  it("filters by provider, shop, license, VIN prefix and status", async () => {
    const sample = expected({ state: state(), timeZone: TIME_ZONE, scope: everyone }).find((row) => row.vin && row.licenseNumber)!;
    const q = (filters: Record<string, string[]>) => ({ state: state({ filters }), timeZone: TIME_ZONE, scope: everyone });
    await check(q({ provider: [String(sample.providerId)] }), (row) => row.providerId === sample.providerId);
    await check(q({ shopId: [String(sample.shopId)] }), (row) => row.shopId === sample.shopId);
    await check(q({ licenseNo: [String(Number(sample.licenseNumber))] }), (row) => row.licenseNumber === sample.licenseNumber);
    await check(q({ vin: [sample.vin!.slice(0, 3)] }), (row) => !!row.vin?.startsWith(sample.vin!.slice(0, 3)));
    await check(q({ status: [sample.status] }), (row) => row.status === sample.status);
  });

  it("shows the cells as the grid does: padded license, Yes/No, the date in the user's zone", async () => {
    const { rows } = await findQuotesPage({ state: state({ size: 50 }), timeZone: TIME_ZONE, scope: everyone });
    for (const row of rows) {
      const cells = quoteCells(row, TIME_ZONE);
      expect(cells.serviceReceived).toBe(row.serviceReceived === 1 ? "Yes" : "No");
      expect(cells.licenseNumber).toMatch(/^(\d{6,}|Unknown)$/);
      expect(cells.lastModifiedDateTime).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}:\d{2} [AP]M C[SD]T$/);
    }
  });
});
