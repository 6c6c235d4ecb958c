import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "~/db/types";
import { quoteCells } from "~/modules/quotes/cells";
import { findQuotesPage } from "~/modules/quotes/grid-query.server";
import { testDialects } from "../support/databases";
import { gridStateWith } from "../support/grid-state";
import { newestFirstOracle } from "../support/newest-first-oracle";
import { setUpSeededPortal } from "../support/seeded-portal";

const ANCHOR = new Date("2026-11-21T00:00:00Z");
const TIME_ZONE = "America/Chicago";

const state = gridStateWith({ sort: "lastModifiedDateTime", from: "2025-11-01", to: "2026-11-21" });

describe.each(testDialects)("quotes grid query on %s", (dialect) => {
  const portal = setUpSeededPortal(dialect, { scale: 1500, anchor: ANCHOR });
  let all: Row<"quotes">[];

  beforeAll(async () => {
    all = await portal.db().selectFrom("quotes").selectAll().execute();
  });

  /** The oracle: the same filter in plain JavaScript over every quote, newest first. */
  const { expected, check } = newestFirstOracle({
    stored: () => all,
    timeZone: TIME_ZONE,
    dated: (row: Row<"quotes">) => row.lastModifiedDateTime,
    id: (row) => row.quoteId,
    findPage: findQuotesPage,
  });

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
      expect(cells.lastModifiedDateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });
});
