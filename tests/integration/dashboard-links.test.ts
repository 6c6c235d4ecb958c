import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import type { UserClaims } from "~/auth/user-claims";
import { setDatabase } from "~/db/db.server";
import type { GridView } from "~/grid/grid-view";
import { formatMinutes } from "~/modules/dashboard/figure-format";
import type { CardView, MapMarkersAnswer } from "~/modules/dashboard/kpi-cards";
import { recentPeriods } from "~/modules/dashboard/periods";
import { scansByPeriod } from "~/modules/dashboard/scan-figures.server";
import { ALL_OF_CARD, oneProvider } from "~/modules/dashboard/scope";
import { loader as errorLogLoader } from "~/routes/_shell.admin.feedbackError";
import { loader as kpiLoader } from "~/routes/_shell.dashboard.kpi";
import { loader as shopListLoader } from "~/routes/_shell.dashboard.kpi_.shopList";
import { loader as transactionsLoader } from "~/routes/_shell.transactions._index";
import { loader as figuresCsvLoader } from "~/routes/dashboard.kpi.figures[.]csv";
import { loader as mapMarkersLoader } from "~/routes/dashboard.kpi.map[.]json";
import { seedDatabase } from "../../seed/index.server";
import { insertRegistration, insertRequest } from "../support/dashboard-world";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { openGridLoader, viewGridLoader } from "../support/grid-loader";
import { loaderArgs, pageRequest, signedInCookie, useTestAuthSettings } from "../support/signed-in-request";

/**
 * The dashboard's central promise (issue 15): every linked number on the KPI page equals the
 * total of the grid its link opens; and its URL is corrected, never a 500, never another
 * provider's figures.
 */
const ADMIN: UserClaims = {
  id: "u-kpi-admin",
  login: "kpi-admin",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const PROVIDER: UserClaims = { ...ADMIN, id: "u-kpi-provider", login: "kpi-provider", roles: ["DIP_PORTAL", "DIP_PROVIDER"], companyId: DEMO_PROVIDER_ID };

interface KpiView {
  query: {
    provider: number | null;
    shops: number[];
    interval: string;
    cardNarrowings: Record<string, { make: string | null; providerScanType: string | null }>;
  };
  narrowing: { makes: Array<{ value: string; label: string }>; providerScanTypes: Array<{ value: string; label: string }> };
  cards: CardView[];
  shops: { options: Array<{ value: string; label: string }>; error: string | null };
  providers: Array<{ value: string; label: string }>;
  pickingFromNone: boolean;
  pickerOpen: boolean;
}

function linkedNumbers(cards: readonly CardView[]): Array<{ card: string; href: string; rows: number }> {
  return cards.flatMap((card) => {
    const links =
      card.kind === "count"
        ? [card.value]
        : card.kind === "trend"
          ? card.periods.flatMap((period) => period.values)
          : card.kind === "map"
            ? card.markers.map((marker) => marker.scans)
            : [...card.items, card.whole];
    return links.flatMap((link) => (link.href && link.rows !== null ? [{ card: card.id, href: link.href, rows: link.rows }] : []));
  });
}

describe.each(testDialects)("the KPI dashboard on %s", (dialect) => {
  let t: TestDatabase;
  const cookies = { admin: "", provider: "" };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDatabase(t.database, { scale: 1500, dataDir: t.dataDir, demoPassword: "demo-portal" });
    setDatabase(t.database);
    useTestAuthSettings();
    cookies.admin = await signedInCookie(ADMIN);
    cookies.provider = await signedInCookie(PROVIDER);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  const kpi = (cookie: string, path: string) => viewGridLoader<KpiView>(kpiLoader, cookie, path);

  it.each([
    [`provider=${DEMO_PROVIDER_ID}`, "every linked number"],
    [`provider=${DEMO_PROVIDER_ID}&interval=WEEK`, "every linked number"],
    ["provider=all", "every linked number"],
    [`provider=${DEMO_PROVIDER_ID}&scanTrend.interval=WEEK&successfulScans.interval=WEEK`, "with two cards on their own Week, every linked number"],
  ])("at %s, %s equals its grid's total", async (search, _what) => {
    const view = await kpi(cookies.admin, `/dashboard/kpi?${search}`);
    const links = linkedNumbers(view.cards);
    expect(links.some((link) => link.href.startsWith("/dashboard/kpi/shopList"))).toBe(true);
    expect(links.length).toBeGreaterThan(2);
    expect(links.some((link) => link.rows > 0)).toBe(true);
    for (const link of links) {
      const loader = link.href.startsWith("/dashboard/kpi/shopList") ? shopListLoader : transactionsLoader;
      const grid = await viewGridLoader<GridView<unknown>>(loader, cookies.admin, link.href);
      expect({ card: link.card, href: link.href, total: grid.total }).toEqual({ card: link.card, href: link.href, total: link.rows });
    }
  });

  it("counts for all providers exactly the providers one can choose: every card the sum of theirs, its links naming each of them", async () => {
    const all = await kpi(cookies.admin, "/dashboard/kpi?provider=all");
    const selectable = all.providers.map((option) => Number(option.value));
    // The demo data has providers one cannot choose (AHMC, version 1.0), with registrations and scans.
    const others = await t.database.db.selectFrom("providers").select("providerId").where("providerId", "not in", selectable).execute();
    expect(others.length).toBeGreaterThan(0);
    const othersRequests = await t.database.db
      .selectFrom("scanRequests")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("providerId", "not in", selectable)
      .executeTakeFirstOrThrow();
    expect(Number(othersRequests.n)).toBeGreaterThan(0);

    const each = await Promise.all(selectable.map((provider) => kpi(cookies.admin, `/dashboard/kpi?provider=${provider}`)));
    const card = (view: KpiView, id: string) => {
      const found = view.cards.find((candidate) => candidate.id === id);
      if (!found || found.failed) throw new Error(`no card ${id}`);
      return found;
    };
    const rowsOf = (link: { rows: number | null }) => {
      if (link.rows === null) throw new Error("a linked number expected");
      return link.rows;
    };
    const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
    for (const id of ["registeredShops", "successfulScans", "failedScans"]) {
      const count = (view: KpiView) => {
        const found = card(view, id);
        if (found.kind !== "count") throw new Error(`${id} is a count`);
        return rowsOf(found.value);
      };
      expect({ id, all: count(all) }).toEqual({ id, all: sum(each.map(count)) });
    }
    for (const id of ["scanTrend", "functionTrend", "shopAdoption"]) {
      const values = (view: KpiView) => {
        const found = card(view, id);
        if (found.kind !== "trend") throw new Error(`${id} is a trend`);
        return found.periods.map((period) => period.values.map((entry) => entry.value));
      };
      const summed = values(all).map((period, index) => period.map((_value, series) => sum(each.map((view) => values(view)[index][series]))));
      expect({ id, all: values(all) }).toEqual({ id, all: summed });
    }
    const statuses = (view: KpiView) => {
      const found = card(view, "shopList");
      if (found.kind !== "breakdown") throw new Error("shopList is a breakdown");
      return found.items.map(rowsOf);
    };
    expect(statuses(all)).toEqual(statuses(all).map((_count, index) => sum(each.map((view) => statuses(view)[index]))));
    // The average of every selectable provider's scans: their summed durations over their count.
    const months = recentPeriods("MONTH", new Date());
    const scans = await Promise.all(selectable.map((provider) => scansByPeriod({ providers: oneProvider(provider), shopIds: null }, months, ALL_OF_CARD)));
    const current = scans.map((periods) => periods[periods.length - 1]);
    const average = card(all, "averageScanTime");
    if (average.kind !== "count") throw new Error("averageScanTime is a count");
    expect(average.value.exact).toBe(formatMinutes(sum(current.map((period) => period.durationMsSum)) / sum(current.map((period) => period.durationCount))));
    // Shops are counted once however many providers they have: against the selectable providers' own rows.
    const activity = card(all, "shopActivity");
    if (activity.kind !== "trend") throw new Error("shopActivity is a trend");
    const active = await Promise.all(
      months.map(async (period) => {
        const row = await t.database.db
          .selectFrom("scanRequests as r")
          .innerJoin("shops as s", "s.repairFacilityId", "r.shopId")
          .select(sql<number>`count(distinct r.shop_id)`.as("shops"))
          .where("r.providerId", "in", selectable)
          .where("s.isInternal", "<>", "Y")
          .where("r.status", "in", ["COMPLETED", "COMPLETED (CCCONE Error)"])
          .where("r.createdDateTime", ">=", period.start)
          .where("r.createdDateTime", "<", period.end)
          .executeTakeFirstOrThrow();
        return Number(row.shops);
      }),
    );
    expect(activity.periods.map((period) => period.values[0].value)).toEqual(active);
    const map = card(all, "coverageMap");
    if (map.kind !== "map") throw new Error("coverageMap is a map");
    const mapped = await t.database.db
      .selectFrom("shops as s")
      .select(sql<number>`count(*)`.as("shops"))
      .where("s.isInternal", "<>", "Y")
      .where("s.latitude", "is not", null)
      .where("s.longitude", "is not", null)
      .where("s.repairFacilityId", "in", (eb) =>
        eb.selectFrom("shopRegistrations as g").select("g.shopId").where("g.isActive", "=", 1).where("g.providerId", "in", selectable),
      )
      .executeTakeFirstOrThrow();
    expect(map.shops).toBe(Number(mapped.shops));

    // The Transactions grid's rows behind a number: each selectable provider named, no other.
    const successful = card(all, "successfulScans");
    if (successful.kind !== "count" || !successful.value.href) throw new Error("a linked Successful Scans");
    const named = new URL(successful.value.href, "http://portal.test").searchParams.getAll("provider").map(Number);
    expect([...named].sort((a, b) => a - b)).toEqual([...selectable].sort((a, b) => a - b));
  });

  it("says 'NO DATA AVAILABLE' for an average of no scans, and 0 for a count of none", async () => {
    const months = recentPeriods("MONTH", new Date());
    const current = months[months.length - 1];
    const view = await kpi(cookies.admin, `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`);
    // A shop of the provider's with no successful scan in the current month.
    const scanned = await t.database.db
      .selectFrom("scanRequests")
      .select("shopId")
      .where("providerId", "=", DEMO_PROVIDER_ID)
      .where("status", "in", ["COMPLETED", "COMPLETED (CCCONE Error)"])
      .where("createdDateTime", ">=", current.start)
      .execute();
    const idle = view.shops.options.map((option) => option.value).find((shop) => !scanned.some((row) => String(row.shopId) === shop));
    if (!idle) throw new Error("no shop of the provider without a successful scan this month");
    const picked = await kpi(cookies.admin, `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}&shop=${idle}`);
    const card = (id: string) => picked.cards.find((candidate) => candidate.id === id);
    expect(card("averageScanTime")).toMatchObject({ kind: "count", failed: false, empty: true, change: null, value: { href: null, rows: null } });
    expect(card("successfulScans")).toMatchObject({ kind: "count", failed: false, empty: false, value: { text: "0", rows: 0 } });
  });

  it("gives each card its own Week/Month in the URL, corrected like the rest", async () => {
    const base = `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`;
    const view = await kpi(cookies.admin, `${base}&scanTrend.interval=WEEK&successfulScans.interval=WEEK`);
    const card = (id: string) => {
      const found = view.cards.find((candidate) => candidate.id === id);
      if (!found) throw new Error(`no card ${id}`);
      return found;
    };
    const successful = card("successfulScans");
    const failed = card("failedScans");
    expect(successful.kind === "count" && successful.since).toBe("Since last week");
    expect(failed.kind === "count" && failed.since).toBe("Since last month");
    const weekly = card("scanTrend");
    const monthly = card("functionTrend");
    if (weekly.kind !== "trend" || monthly.kind !== "trend") throw new Error("trend cards expected");
    expect(weekly.periods.map((period) => period.label)).not.toEqual(monthly.periods.map((period) => period.label));
    expect(weekly.periods).toHaveLength(5);

    expect(weekly.toggle).toEqual([
      { interval: "WEEK", href: `${base}&scanTrend.interval=WEEK&successfulScans.interval=WEEK`, current: true },
      { interval: "MONTH", href: `${base}&successfulScans.interval=WEEK`, current: false },
    ]);
    expect(card("shopList").toggle).toBeNull();

    const answer = (path: string) => openGridLoader<KpiView>(kpiLoader, cookies.admin, path);
    expect(await answer(`${base}&scanTrend.interval=MONTH`)).toMatchObject({ status: 302, location: base });
    expect(await answer(`${base}&shopList.interval=WEEK&nope.interval=WEEK&scanTrend.interval=year`)).toMatchObject({ status: 302, location: base });
    expect(await answer(`${base}&interval=WEEK&scanTrend.interval=WEEK`)).toMatchObject({ status: 302, location: `${base}&interval=WEEK` });
  });

  /** The offered code of a scan-request column with the most of the demo provider's rows. */
  async function commonest(column: "make" | "providerScanType", offered: ReadonlyArray<{ value: string }>): Promise<string> {
    const rows = await t.database.db
      .selectFrom("scanRequests")
      .select([column, (eb) => eb.fn.countAll<number>().as("requests")])
      .where("providerId", "=", DEMO_PROVIDER_ID)
      .groupBy(column)
      .orderBy("requests", "desc")
      .execute();
    const codes = new Set(offered.map((option) => option.value));
    const found = rows.map((row) => row[column]).find((code): code is string => typeof code === "string" && codes.has(code));
    if (!found) throw new Error(`no offered ${column} among the provider's scan requests`);
    return found;
  }

  it("narrows a card to a make and a provider scan type in the URL: its numbers link to as many rows, the other cards keep theirs", async () => {
    const base = `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`;
    const whole = await kpi(cookies.admin, base);
    expect(whole.narrowing.makes[0]).toEqual({ value: "", label: "All Makes" });
    expect(whole.narrowing.providerScanTypes[0]).toEqual({ value: "", label: "All Provider Types" });
    expect(whole.narrowing.makes.length).toBeGreaterThan(2);
    // The provider's own codes; for all providers the whole configured lists.
    const stored = await t.database.db
      .selectFrom("providers")
      .select(["vehicleMakes", "scanTypes"])
      .where("providerId", "=", DEMO_PROVIDER_ID)
      .executeTakeFirstOrThrow();
    const codes = (options: ReadonlyArray<{ value: string }>) =>
      options
        .slice(1)
        .map((option) => option.value)
        .sort();
    expect(codes(whole.narrowing.makes)).toEqual((JSON.parse(stored.vehicleMakes) as string[]).sort());
    expect(codes(whole.narrowing.providerScanTypes)).toEqual((JSON.parse(stored.scanTypes) as string[]).sort());
    const everyProvider = await kpi(cookies.admin, "/dashboard/kpi?provider=all");
    const configured = await t.database.db
      .selectFrom("configurations")
      .select(["configKey", "configValue"])
      .where("configKey", "in", ["ALL_VEHICLE_MAKES", "ALL_PROVIDER_SCAN_TYPES"])
      .execute();
    const configuredCodes = (key: string) =>
      (JSON.parse(configured.find((row) => row.configKey === key)?.configValue ?? "[]") as Array<{ code: string }>).map((entry) => entry.code).sort();
    expect(codes(everyProvider.narrowing.makes)).toEqual(configuredCodes("ALL_VEHICLE_MAKES"));
    expect(codes(everyProvider.narrowing.providerScanTypes)).toEqual(configuredCodes("ALL_PROVIDER_SCAN_TYPES"));
    expect(configuredCodes("ALL_VEHICLE_MAKES").length).toBeGreaterThan(codes(whole.narrowing.makes).length);
    const make = await commonest("make", whole.narrowing.makes);
    const scanType = await commonest("providerScanType", whole.narrowing.providerScanTypes);
    // Labels come from configuration: the offered make is shown by its label, not its code.
    expect(whole.narrowing.makes.find((option) => option.value === make)?.label).not.toBe(make);
    // The small demo data has a few requests a day: early in a month its Successful Scans may hold
    // none of that make, or none of another. One successful scan of each, made a minute ago, keeps
    // the narrowed number above 0 and below the whole whatever the date.
    const otherMake = whole.narrowing.makes.slice(1).find((option) => option.value !== make)?.value;
    if (!otherMake) throw new Error("a second offered make expected");
    const shop = await t.database.db
      .selectFrom("scanRequests as r")
      .innerJoin("shops as s", "s.repairFacilityId", "r.shopId")
      .select("r.shopId")
      .where("r.providerId", "=", DEMO_PROVIDER_ID)
      .where("s.isInternal", "=", "N")
      .executeTakeFirstOrThrow();
    const aMinuteAgo = new Date(Date.now() - 60_000).toISOString();
    for (const shopMake of [make, otherMake]) {
      await insertRequest({
        providerId: DEMO_PROVIDER_ID,
        shopId: shop.shopId,
        created: aMinuteAgo,
        status: "COMPLETED",
        make: shopMake,
        providerScanType: scanType,
      });
    }
    const current = await kpi(cookies.admin, base);

    const search = `${base}&scanTrend.make=${make}&scanTrend.providerScanType=${scanType}&successfulScans.make=${make}`;
    const answer = (path: string) => openGridLoader<KpiView>(kpiLoader, cookies.admin, path);
    const opened = await answer(search);
    if (!("view" in opened)) throw new Error(`expected the canonical ${search} to answer a page, got ${JSON.stringify(opened)}`);
    const view = opened.view;
    expect(view.query.cardNarrowings).toEqual({ scanTrend: { make, providerScanType: scanType }, successfulScans: { make, providerScanType: null } });

    const count = (cards: readonly CardView[], id: string) => {
      const card = cards.find((candidate) => candidate.id === id);
      if (card?.kind !== "count") throw new Error(`no count card ${id}`);
      return card;
    };
    const narrowed = count(view.cards, "successfulScans");
    expect(narrowed.value.rows).toBeGreaterThan(0);
    expect(narrowed.value.rows).toBeLessThan(count(current.cards, "successfulScans").value.rows ?? 0);
    expect(count(view.cards, "failedScans").value).toEqual(count(current.cards, "failedScans").value);
    expect(narrowed.selectors).toEqual({
      makeParam: "successfulScans.make",
      make,
      providerScanTypeParam: "successfulScans.providerScanType",
      providerScanType: "",
      carried: [
        ["provider", String(DEMO_PROVIDER_ID)],
        ["scanTrend.make", make],
        ["scanTrend.providerScanType", scanType],
      ],
    });
    expect(view.cards.find((card) => card.id === "shopList")?.selectors).toBeNull();
    expect(view.cards.find((card) => card.id === "registeredShops")?.selectors).toBeNull();

    const links = linkedNumbers(view.cards).filter((link) => link.card === "successfulScans" || link.card === "scanTrend");
    expect(links.length).toBeGreaterThan(10);
    expect(links.some((link) => link.card === "scanTrend" && link.rows > 0)).toBe(true);
    for (const link of links) {
      const params = new URL(link.href, "http://portal.test").searchParams;
      expect(params.get("make")).toBe(make);
      expect(params.get("providerScanType")).toBe(link.card === "scanTrend" ? scanType : null);
      const grid = await viewGridLoader<GridView<unknown>>(transactionsLoader, cookies.admin, link.href);
      // The grid keeps the make and provider scan type (its redirect only reorders the parameters).
      expect(grid.state.filters.make).toEqual([make]);
      expect(grid.state.filters.providerScanType ?? []).toEqual(link.card === "scanTrend" ? [scanType] : []);
      expect({ card: link.card, href: link.href, total: grid.total }).toEqual({ card: link.card, href: link.href, total: link.rows });
    }
    const unnarrowed = linkedNumbers(view.cards).filter((link) => link.card === "failedScans");
    expect(unnarrowed.length).toBe(1);
    expect(new URL(unnarrowed[0].href, "http://portal.test").searchParams.has("make")).toBe(false);

    // The chart's CSV is the narrowed chart's.
    const trend = view.cards.find((card) => card.id === "scanTrend");
    if (trend?.kind !== "trend" || !trend.csvHref) throw new Error("scanTrend's CSV expected");
    expect(trend.csvHref).toContain(`scanTrend.make=${make}`);
    const csv = await figuresCsv(cookies.admin, trend.csvHref);
    expect(csv.records?.slice(1).map((record) => record.slice(1))).toEqual(trend.periods.map((period) => period.values.map((entry) => String(entry.value))));
  });

  it("corrects a card's make and provider scan type by a redirect: unknown codes, unknown cards, cards without selectors, empty choices", async () => {
    const base = `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`;
    const whole = await kpi(cookies.admin, base);
    const make = await commonest("make", whole.narrowing.makes);
    const answer = (path: string) => openGridLoader<KpiView>(kpiLoader, cookies.admin, path);
    expect(await answer(`${base}&successfulScans.make=NOPE&successfulScans.providerScanType=%3Cscript%3E`)).toMatchObject({ status: 302, location: base });
    expect(await answer(`${base}&nope.make=${make}&shopList.make=${make}&registeredShops.providerScanType=PRE_SCAN&shopActivity.make=${make}`)).toMatchObject({
      status: 302,
      location: base,
    });
    expect(await answer(`${base}&failedScans.make=&failedScans.providerScanType=`)).toMatchObject({ status: 302, location: base });
    // The choice is kept after the dashboard's own parameters, in one order.
    expect(await answer(`${base}&successfulScans.make=${make}&interval=WEEK&failedScans.make=${make}&failedScans.make=NOPE`)).toMatchObject({
      status: 302,
      location: `${base}&interval=WEEK&failedScans.make=${make}&successfulScans.make=${make}`,
    });
    // All providers offer the whole configured lists; a code no provider offers is dropped.
    expect(await answer(`/dashboard/kpi?provider=all&averageScanTime.make=${make}`)).toHaveProperty("view");
    expect(await answer(`/dashboard/kpi?provider=all&averageScanTime.make=${make}&functionTrend.make=NOPE`)).toMatchObject({
      status: 302,
      location: `/dashboard/kpi?provider=all&averageScanTime.make=${make}`,
    });
  });

  it("picks shops: the figures of the picked shops link to as many rows; every shop, Select all and Unselect all are no shop filter", async () => {
    const base = `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`;
    const whole = await kpi(cookies.admin, base);
    expect(whole.shops.error).toBeNull();
    const offered = whole.shops.options.map((option) => option.value);
    expect(offered.length).toBeGreaterThan(3);
    expect(whole.pickingFromNone).toBe(false);
    expect(whole.pickerOpen).toBe(false);

    const picked = offered.slice(0, 2);
    const search = `${base}&${picked.map((id) => `shop=${id}`).join("&")}`;
    const view = await kpi(cookies.admin, search);
    expect(view.query.shops.map(String)).toEqual(picked);
    const links = linkedNumbers(view.cards).filter((link) => link.href.startsWith("/transactions"));
    expect(links.length).toBeGreaterThan(2);
    expect(links.some((link) => link.card === "coverageMap")).toBe(true);
    for (const link of links) {
      const shops = new URL(link.href, "http://portal.test").searchParams.getAll("shop");
      // A map marker is one shop, or a cluster of some: the picked shops' only.
      if (link.card === "coverageMap") expect(shops.every((shop) => picked.includes(shop))).toBe(true);
      else expect(shops).toEqual(picked);
      const grid = await viewGridLoader<GridView<unknown>>(transactionsLoader, cookies.admin, link.href);
      expect({ href: link.href, total: grid.total }).toEqual({ href: link.href, total: link.rows });
    }

    const answer = (path: string) => openGridLoader<KpiView>(kpiLoader, cookies.admin, path);
    expect(await answer(`${base}&${offered.map((id) => `shop=${id}`).join("&")}`)).toMatchObject({ status: 302, location: base });
    expect(await answer(`${search}&selectAll=shop`)).toMatchObject({ status: 302, location: base });
    expect(await answer(`${search}&unselectAll=shop`)).toMatchObject({ status: 302, location: `${base}&picker=none` });
    const pickingFromNone = await kpi(cookies.admin, `${base}&picker=none`);
    expect(pickingFromNone).toMatchObject({ pickingFromNone: true, pickerOpen: true, query: { shops: [] } });
    expect(await answer("/dashboard/kpi?provider=all&picker=none&shop=1")).toMatchObject({ status: 302, location: "/dashboard/kpi?provider=all" });

    // The picker's link without JavaScript: the page with the picker open on the applied shops (decision 0072).
    const opened = await kpi(cookies.admin, `${search}&picker=open`);
    expect(opened).toMatchObject({ pickingFromNone: false, pickerOpen: true });
    expect(opened.query.shops.map(String)).toEqual(picked);
    expect(await answer(`${base}&picker=open&shop=${picked[0]}`)).toMatchObject({ status: 302, location: `${base}&shop=${picked[0]}&picker=open` });
    expect(await answer(`${base}&picker=wide`)).toMatchObject({ status: 302, location: base });
    expect(await answer("/dashboard/kpi?provider=all&picker=open")).toMatchObject({ status: 302, location: "/dashboard/kpi?provider=all" });
  });

  it("says 'Error loading Provider shops data!' when the provider's shops cannot be read, and still shows the page", async () => {
    const db = t.database.db;
    await sql`alter table shop_registrations rename to shop_registrations_away`.execute(db);
    try {
      const view = await kpi(cookies.admin, `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`);
      expect(view.shops).toEqual({ options: [], error: "Error loading Provider shops data!" });
      expect(view.cards.find((card) => card.id === "successfulScans")?.failed).toBe(false);
    } finally {
      await sql`alter table shop_registrations_away rename to shop_registrations`.execute(db);
    }
  });

  it("offers only 'All Makes' and 'All Provider Types' when the provider's lists cannot be read, and still shows the cards", async () => {
    const db = t.database.db;
    await sql`alter table providers rename column vehicle_makes to vehicle_makes_away`.execute(db);
    try {
      const view = await kpi(cookies.admin, `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`);
      expect(view.narrowing).toEqual({ makes: [{ value: "", label: "All Makes" }], providerScanTypes: [{ value: "", label: "All Provider Types" }] });
      expect(view.cards.find((card) => card.id === "successfulScans")?.failed).toBe(false);
    } finally {
      await sql`alter table providers rename column vehicle_makes_away to vehicle_makes`.execute(db);
    }
  });

  it("corrects a hand-edited URL by a redirect: unknown provider, interval and shops", async () => {
    const answer = (path: string) => openGridLoader<KpiView>(kpiLoader, cookies.admin, path);
    expect(await answer("/dashboard/kpi?provider=999999&interval=year")).toMatchObject({ status: 302, location: "/dashboard/kpi?provider=all" });
    expect(await answer("/dashboard/kpi?provider=abc")).toMatchObject({ status: 302, location: "/dashboard/kpi?provider=all" });
    expect(await answer(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}&shop=999999999&shop=x`)).toMatchObject({
      status: 302,
      location: `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`,
    });
    const many = Array.from({ length: 10_000 }, (_unused, index) => `shop=${index + 1}`).join("&");
    expect(await answer(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}&${many}`)).toMatchObject({
      status: 302,
      location: `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`,
    });
    // The provider chosen above is remembered: all providers, once chosen, is the bare address's again.
    expect(await answer("/dashboard/kpi?provider=all&interval=WEEK")).toHaveProperty("view");
    expect(await answer("/dashboard/kpi")).toMatchObject({ status: 302, location: "/dashboard/kpi?provider=all" });
  });

  it("remembers the chosen provider for the user's other screens, and forgets it for all providers", async () => {
    const chooser = await signedInCookie({ ...ADMIN, id: "u-kpi-chooser", login: "kpi-chooser" });
    const answer = (path: string) => openGridLoader<KpiView>(kpiLoader, chooser, path);
    const stored = async () =>
      (
        await t.database.db
          .selectFrom("userPreferences")
          .select("prefValue")
          .where("userId", "=", "u-kpi-chooser")
          .where("prefKey", "=", "preferredProvider")
          .executeTakeFirst()
      )?.prefValue ?? null;

    expect(await answer("/dashboard/kpi")).toMatchObject({ status: 302, location: "/dashboard/kpi?provider=all" });
    expect(await stored()).toBeNull();
    // An unknown provider is corrected, not remembered.
    expect(await answer("/dashboard/kpi?provider=999999")).toMatchObject({ status: 302, location: "/dashboard/kpi?provider=all" });
    expect(await stored()).toBeNull();

    expect(await answer(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`)).toHaveProperty("view");
    expect(await stored()).toBe(String(DEMO_PROVIDER_ID));
    expect(await answer("/dashboard/kpi")).toMatchObject({ status: 302, location: `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}` });
    // Another screen starts with it: the Feedbacks/Errors log opens filtered to that provider.
    expect(await openGridLoader(errorLogLoader, chooser, "/admin/feedbackError")).toMatchObject({
      status: 302,
      location: `/admin/feedbackError?providerId=${DEMO_PROVIDER_ID}`,
    });

    expect(await answer("/dashboard/kpi?provider=all")).toHaveProperty("view");
    expect(await stored()).toBeNull();
    expect(await answer("/dashboard/kpi")).toMatchObject({ status: 302, location: "/dashboard/kpi?provider=all" });
  });

  /** The figures CSV's answer: its records without the byte order mark, or the status and location it threw. */
  async function figuresCsv(
    cookie: string,
    path: string,
  ): Promise<{ status: number; location?: string | null; records?: string[][]; disposition?: string | null }> {
    try {
      const response = (await figuresCsvLoader(loaderArgs(pageRequest(path, cookie)))) as Response;
      const text = (await response.text()).replace(/^\uFEFF/, "");
      return {
        status: response.status,
        disposition: response.headers.get("Content-Disposition"),
        records: text
          .trimEnd()
          .split("\r\n")
          .map((line) => line.split(",")),
      };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { status: thrown.status, location: thrown.headers.get("Location") };
    }
  }

  it("gives each chart's numbers as CSV, the same as the card's for the same query", async () => {
    const view = await kpi(cookies.admin, `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}&interval=WEEK`);
    const trends = view.cards.filter((card) => card.kind === "trend");
    expect(trends.length).toBe(4);
    for (const card of trends) {
      expect(card.csvHref).toBe(`/dashboard/kpi/figures.csv?provider=${DEMO_PROVIDER_ID}&interval=WEEK&card=${card.id}`);
      const csv = await figuresCsv(cookies.admin, card.csvHref ?? "");
      expect(csv.status).toBe(200);
      expect(csv.disposition).toBe(`attachment; filename="${card.title.replace(/ /g, "-")}.csv"`);
      expect(csv.records?.[0]).toEqual(["Period", ...card.series.map((series) => series.name)]);
      expect(csv.records?.slice(1)).toEqual(
        card.periods.map((period) => [
          period.inProgress ? `${period.label} (in progress)` : period.label,
          ...period.values.map((entry) => String(entry.value)),
        ]),
      );
    }
  });

  it("corrects a figures CSV address as the page's, keeps its card, and answers an unknown card with the 404 page", async () => {
    expect(await figuresCsv(cookies.admin, "/dashboard/kpi/figures.csv?provider=999999&card=scanTrend")).toEqual({
      status: 302,
      location: "/dashboard/kpi/figures.csv?provider=all&card=scanTrend",
    });
    expect((await figuresCsv(cookies.admin, "/dashboard/kpi/figures.csv?provider=all&card=registeredShops")).status).toBe(404);
    expect((await figuresCsv(cookies.admin, "/dashboard/kpi/figures.csv?provider=all&card=%3Cscript%3E")).status).toBe(404);
    expect((await figuresCsv(cookies.admin, "/dashboard/kpi/figures.csv?provider=all")).status).toBe(404);
    // A provider-only user gets their own provider's figures, whatever the address asks.
    expect(await figuresCsv(cookies.provider, "/dashboard/kpi/figures.csv?provider=all&card=scanTrend")).toEqual({
      status: 302,
      location: `/dashboard/kpi/figures.csv?provider=${DEMO_PROVIDER_ID}&card=scanTrend`,
    });
  });

  /** The map's markers as the hydrated map fetches them, or the redirect that corrects the address. */
  async function mapMarkers(cookie: string, path: string): Promise<MapMarkersAnswer | { status: number; location: string | null }> {
    try {
      const response = (await mapMarkersLoader(loaderArgs(pageRequest(path, cookie)))) as Response;
      expect(response.status).toBe(200);
      return (await response.json()) as MapMarkersAnswer;
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { status: thrown.status, location: thrown.headers.get("Location") };
    }
  }

  it("corrects a hand-edited map view: a zoom of 99 and a centre outside the world are brought onto the map", async () => {
    const answer = (path: string) => openGridLoader<KpiView>(kpiLoader, cookies.admin, path);
    expect(await answer(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}&map.zoom=99&map.lat=1000&map.lng=-500`)).toMatchObject({
      status: 302,
      location: `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}&map.zoom=12&map.lat=85.0511&map.lng=-140`,
    });
    expect(await answer(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}&map.zoom=4&map.lat=39.5&map.lng=-98.35`)).toMatchObject({
      status: 302,
      location: `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`,
    });
    expect(await answer(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}&map.zoom=x&map.lat=&map.lng=1e9`)).toMatchObject({
      status: 302,
      location: `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`,
    });
    // The map's own address keeps its size through the same corrections, and refuses nothing with a 500.
    expect(await mapMarkers(cookies.admin, `/dashboard/kpi/map.json?provider=${DEMO_PROVIDER_ID}&map.zoom=99&width=99999&height=-1`)).toMatchObject({
      status: 302,
      location: `/dashboard/kpi/map.json?provider=${DEMO_PROVIDER_ID}&map.zoom=12&map.lat=39.5&map.lng=-98.35&width=99999&height=-1`,
    });
    const far = await mapMarkers(
      cookies.admin,
      `/dashboard/kpi/map.json?provider=${DEMO_PROVIDER_ID}&map.zoom=12&map.lat=39.5&map.lng=-98.35&width=99999&height=-1`,
    );
    expect(far).toMatchObject({ failed: false, view: { zoom: 12 } });
  });

  it("gives the map's markers of another view as JSON, each linked to as many rows as it says, the provider's shops only", async () => {
    const page = await kpi(cookies.admin, `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`);
    const map = page.cards.find((card) => card.kind === "map");
    if (map?.kind !== "map") throw new Error("no map card");
    expect(map.shops).toBeGreaterThan(0);
    const inView = map.markers.reduce((sum, marker) => sum + marker.shops, 0);
    expect(inView).toBeGreaterThan(0);
    expect(inView).toBeLessThanOrEqual(map.shops);
    // A map as wide as the world shows every shop once.
    const world = await mapMarkers(cookies.admin, `/dashboard/kpi/map.json?provider=${DEMO_PROVIDER_ID}&width=4000&height=4000`);
    if (!("markers" in world)) throw new Error(`expected markers, got ${JSON.stringify(world)}`);
    expect(world.markers.reduce((sum, marker) => sum + marker.shops, 0)).toBe(map.shops);
    // A cluster's own zoom: the markers there, fetched as the hydrated map fetches them.
    const cluster = map.markers.find((marker) => marker.zoomHref);
    if (!cluster?.zoomHref) throw new Error("no cluster to zoom into");
    const zoomed = new URL(cluster.zoomHref, "http://portal.test");
    const answer = await mapMarkers(cookies.admin, `/dashboard/kpi/map.json${zoomed.search}&width=600&height=340`);
    if (!("markers" in answer)) throw new Error(`expected markers, got ${JSON.stringify(answer)}`);
    expect(answer.failed).toBe(false);
    expect(answer.view.zoom).toBeGreaterThan(4);
    const linked = answer.markers.filter((marker) => marker.scans.href && marker.scans.rows !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const marker of linked) {
      const grid = await viewGridLoader<GridView<unknown>>(transactionsLoader, cookies.admin, marker.scans.href ?? "");
      expect({ marker: marker.key, total: grid.total }).toEqual({ marker: marker.key, total: marker.scans.rows });
    }
    // A provider-only user asking for every provider's map gets their own provider's.
    expect(await mapMarkers(cookies.provider, `/dashboard/kpi/map.json?provider=all&width=600&height=340`)).toMatchObject({
      status: 302,
      location: `/dashboard/kpi/map.json?provider=${DEMO_PROVIDER_ID}&width=600&height=340`,
    });
  });

  it("links each Shop Adoption bar to the Shop List of the registrations created in its period, as many as the bar says", async () => {
    // Besides the demo data's recent registrations, two of the test's own: one created a minute ago, one deregistered.
    const shop = await t.database.db
      .selectFrom("shops")
      .select("repairFacilityId")
      .where("isInternal", "=", "N")
      .orderBy("repairFacilityId")
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await insertRegistration(DEMO_PROVIDER_ID, shop.repairFacilityId, { created: new Date(now - 60_000).toISOString() });
    await insertRegistration(DEMO_PROVIDER_ID, shop.repairFacilityId, { created: new Date(now - 40 * 86_400_000).toISOString(), active: false });
    for (const search of [`provider=${DEMO_PROVIDER_ID}`, `provider=${DEMO_PROVIDER_ID}&interval=WEEK`, "provider=all"]) {
      const view = await kpi(cookies.admin, `/dashboard/kpi?${search}`);
      const adoption = view.cards.find((card) => card.id === "shopAdoption");
      if (adoption?.kind !== "trend") throw new Error("no Shop Adoption card");
      const bars = adoption.periods.map((period) => period.values[0]);
      expect(bars.reduce((sum, bar) => sum + bar.value, 0)).toBeGreaterThan(0);
      for (const bar of bars) {
        expect(bar.href).toMatch(/^\/dashboard\/kpi\/shopList\?/);
        const grid = await viewGridLoader<GridView<unknown>>(shopListLoader, cookies.admin, bar.href ?? "");
        expect({ search, href: bar.href, total: grid.total }).toEqual({ search, href: bar.href, total: bar.value });
      }
    }
  });

  it("links each Shop Activity bar of one provider to the Shop List of the registrations whose shop scanned in that period, as many as the bar says", async () => {
    for (const search of [`provider=${DEMO_PROVIDER_ID}`, `provider=${DEMO_PROVIDER_ID}&interval=WEEK`]) {
      const view = await kpi(cookies.admin, `/dashboard/kpi?${search}`);
      const activity = view.cards.find((card) => card.id === "shopActivity");
      if (activity?.kind !== "trend") throw new Error("no Shop Activity card");
      const bars = activity.periods.map((period) => period.values[0]);
      expect(bars.filter((bar) => bar.value > 0).length).toBeGreaterThan(2);
      for (const bar of bars) {
        expect(bar.href).toMatch(/^\/dashboard\/kpi\/shopList\?.*scanned=\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}/);
        const grid = await viewGridLoader<GridView<unknown>>(shopListLoader, cookies.admin, bar.href ?? "");
        expect({ search, href: bar.href, total: grid.total }).toEqual({ search, href: bar.href, total: bar.value });
      }
    }
    // For every provider a shop of two providers would be two rows of the Shop List: no links.
    const all = await kpi(cookies.admin, "/dashboard/kpi?provider=all");
    const activity = all.cards.find((card) => card.id === "shopActivity");
    if (activity?.kind !== "trend") throw new Error("no Shop Activity card");
    expect(activity.periods.map((period) => period.values[0].href)).toEqual(activity.periods.map(() => null));
  });

  it("locks a provider-only user to their own provider, whatever the URL asks, and remembers nothing for them", async () => {
    const answer = (path: string) => openGridLoader<KpiView>(kpiLoader, cookies.provider, path);
    expect(await answer("/dashboard/kpi?provider=all")).toMatchObject({ status: 302, location: `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}` });
    expect(await answer("/dashboard/kpi?provider=1002")).toMatchObject({ status: 302, location: `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}` });
    const view = await kpi(cookies.provider, `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`);
    expect(view.query.provider).toBe(DEMO_PROVIDER_ID);
    const links = linkedNumbers(view.cards);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link.href, "http://portal.test").searchParams.get("provider")).toBe(String(DEMO_PROVIDER_ID));
    const remembered = await t.database.db
      .selectFrom("userPreferences")
      .select("prefValue")
      .where("userId", "=", PROVIDER.id)
      .where("prefKey", "=", "preferredProvider")
      .execute();
    expect(remembered).toEqual([]);
  });
});
