import { beforeAll, describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { columnLayout } from "~/grid/column-layout";
import { todayIn } from "~/grid/dates";
import type { GridView } from "~/grid/grid-view";
import type { GridLoadFailure } from "~/grid/load-failure";
import { exactCount } from "~/lib/number-format";
import { adoptionGrid } from "~/modules/adoption/grid";
import type { AdoptionControls } from "~/modules/adoption/grid-module.server";
import { monthWindow, RANGE_MESSAGE } from "~/modules/adoption/months";
import { loader as gridLoader } from "~/routes/_shell.dashboard.adoptionReport";
import { loader as csvLoader } from "~/routes/dashboard.adoptionReport[.]csv";
import { parseCsv } from "../support/csv-text";
import { testDialects } from "../support/databases";
import { openGridLoader, viewGridLoader } from "../support/grid-loader";
import { setUpHandMadePortal } from "../support/hand-made-portal";
import { loaderArgs, pageRequest } from "../support/signed-in-request";

/**
 * The Diagnostics Adoption report (issue 16, decision 0052) on a hand-made data set: provider 1001
 * has shops 10 (IL, active, workflow), 11 (WI, inactive), 12 (IL, MSO 'Lakeside') and the test
 * shop 13; provider 1002 has shop 15. Each row has 13 months: the 12 of the window and one before
 * it, which the report must never show.
 */
const POWER: UserClaims = {
  id: "u-ar-power",
  login: "ar-power",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_POWER"],
  companyId: null,
};
const PROVIDER: UserClaims = { ...POWER, id: "u-ar-provider", login: "ar-provider", roles: ["DIP_PORTAL", "DIP_PROVIDER"], companyId: 1001 };

type View = GridView<never>;
interface PageData {
  grid: View | GridLoadFailure;
  controls: AdoptionControls;
}

const CHICAGO = "America/Chicago";

/** The first day of the month `back` months before today's month in Chicago, computed apart from the module. */
function monthBack(back: number): string {
  const [year, month] = todayIn(CHICAGO).split("-").map(Number);
  return new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
}

/** A shop's total scans in the month `back` months ago: distinct per shop and month, so a wrong month shows. */
const scans = (shop: number, back: number) => shop * 100 + back;

/** The five measures of a shop's month (spec §3's names), each distinct from the others, so a measure shown in another's column shows. */
function measuresOf(shop: number, back: number) {
  const total = scans(shop, back);
  return {
    totalRoCnt: total + 1,
    uniqueScanCntRoLinked: total + 20_000,
    totalScanCntRoLinked: total + 30_000,
    uniqueScanCnt: total + 40_000,
    totalScanCnt: total,
  };
}
const MEASURE_IDS = ["totalRoCnt", "uniqueScanCntRoLinked", "totalScanCntRoLinked", "uniqueScanCnt", "totalScanCnt"] as const;
const MEASURE_LABELS = ["RO Count", "Unique Scan Count (RO Linked)", "Total Scan Count (RO Linked)", "Unique Scan Count", "Total Scan Count"];
const FIELD_LABELS = [
  "Shop Name",
  "Repair Facility Id",
  "State",
  "Active",
  "Trend",
  "Provider",
  "MSO Name",
  "License Number",
  "Activation Date",
  "First Scan Date",
];

describe.each(testDialects)("Adoption report on %s", (dialect) => {
  const portal = setUpHandMadePortal(dialect, {
    signedIn: { power: POWER, provider: PROVIDER },
    providers: [1001, 1002],
    shops: [10, 11, 12, 15],
    testShops: [13],
  });
  const { cookies } = portal;

  beforeAll(async () => {
    const db = portal.db();
    const shops = [
      {
        rfId: 10,
        providerId: 1001,
        rfNm: "Alpha Body",
        msoNm: "Northern Group",
        rfStCd: "IL",
        rfLicNum: 123456,
        rfZipCd: "60601",
        isWorkflowShop: "Y",
        isShopActive: "Y",
        trend: 1,
      },
      {
        rfId: 11,
        providerId: 1001,
        rfNm: "Beta Collision",
        msoNm: "Northern Group",
        rfStCd: "WI",
        rfLicNum: 222,
        rfZipCd: "53201",
        isWorkflowShop: "N",
        isShopActive: "N",
        trend: 0,
      },
      {
        rfId: 12,
        providerId: 1001,
        rfNm: "Gamma Auto",
        msoNm: "Lakeside",
        rfStCd: "IL",
        rfLicNum: 333,
        rfZipCd: "62701",
        isWorkflowShop: "Y",
        isShopActive: "Y",
        trend: null,
      },
      {
        rfId: 13,
        providerId: 1001,
        rfNm: "Test Bench",
        msoNm: null,
        rfStCd: "IL",
        rfLicNum: 444,
        rfZipCd: "60602",
        isWorkflowShop: "N",
        isShopActive: "Y",
        trend: null,
      },
      {
        rfId: 15,
        providerId: 1002,
        rfNm: "Other Provider Shop",
        msoNm: null,
        rfStCd: "IN",
        rfLicNum: 555,
        rfZipCd: "46201",
        isWorkflowShop: "Y",
        isShopActive: "Y",
        trend: 1,
      },
    ] as const;
    for (const shop of shops) {
      const row = await db
        .insertInto("adoptionReportRows")
        .values({
          ...shop,
          providerCd: `P${shop.providerId}`,
          activationDt: "2025-01-15",
          firstScanDt: "2025-02-01",
          etlUpdatedDatetime: "2026-11-20T10:00:00.000Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (let back = 0; back <= 12; back++) {
        await db
          .insertInto("adoptionReportMonths")
          .values({ rowId: row.id, monthDt: monthBack(back), ...measuresOf(shop.rfId, back) })
          .execute();
      }
    }
  }, 60_000);

  const page = async (path: string, cookie = cookies.power) => viewGridLoader<PageData>(gridLoader, cookie, path);
  const view = async (path: string, cookie = cookies.power) => {
    const data = await page(path, cookie);
    if ("loadFailure" in data.grid) throw new Error("the report failed");
    return data.grid;
  };
  const shopIds = (grid: View) => grid.rows.map((row) => row.cells.rfId);

  it("shows no table until a provider is chosen, then one row per shop of that provider, test shops left out", async () => {
    const none = await view("/dashboard/adoptionReport");
    expect(none.state.filters.provider).toBeUndefined();
    expect(none.rows).toEqual([]);
    const chosen = await page("/dashboard/adoptionReport?provider=1001");
    if ("loadFailure" in chosen.grid) throw new Error("failed");
    expect(chosen.grid.total).toBe(3);
    expect(shopIds(chosen.grid)).toEqual(["10", "11", "12"]);
    expect(chosen.grid.rows[0].cells).toMatchObject({ rfNm: "Alpha Body", rfStCd: "IL", isShopActive: "Y", trend: "▲ Rising" });
    expect(chosen.grid.rows[1].cells.trend).toBe("▼ Falling");
    expect(chosen.controls.refreshed).toMatch(/^20-Nov-2026 \d\d:\d\d:\d\d [AP]M$/);
    // The provider chosen here is remembered for the other screens (decision 0048).
    const stored = await getDb()
      .selectFrom("userPreferences")
      .select("prefValue")
      .where("userId", "=", POWER.id)
      .where("prefKey", "=", "preferredProvider")
      .executeTakeFirst();
    expect(String(stored?.prefValue)).toContain("1001");
  });

  it("reads the months from the window of the last 12 months of America/Chicago: index 0 is eleven months ago, 11 the current month", async () => {
    const window = monthWindow(todayIn(CHICAGO));
    expect(window.map((month) => month.first)).toEqual(Array.from({ length: 12 }, (_, index) => monthBack(11 - index)));
    const defaults = await view("/dashboard/adoptionReport?provider=1001");
    const groups = columnLayout(adoptionGrid, defaults.state, defaults.today).bands.flatMap((band) => (band.group ? [band.group.id] : []));
    expect(groups).toEqual([4, 3, 2, 1, 0].map((back) => monthBack(back).slice(0, 7)));
    // Every month shows the spec's five measures by default (issue 25 item 6), each from its own column of the month.
    expect(columnLayout(adoptionGrid, defaults.state, defaults.today).columns.filter((column) => column.group !== null)).toHaveLength(25);
    for (const [index, row] of defaults.rows.entries()) {
      const shop = [10, 11, 12][index];
      for (const back of [4, 3, 2, 1, 0]) {
        const expected = measuresOf(shop, back);
        for (const measure of MEASURE_IDS)
          expect(row.cells[`${monthBack(back).slice(0, 7)}.${measure}`], `shop ${shop}, ${back} back, ${measure}`).toBe(exactCount(expected[measure]));
      }
    }
    const shop10 = defaults.rows[0];
    const oldest = await view("/dashboard/adoptionReport?provider=1001&months=0-4");
    const oldestGroups = columnLayout(adoptionGrid, oldest.state, oldest.today).bands.flatMap((band) => (band.group ? [band.group.id] : []));
    expect(oldestGroups).toEqual([11, 10, 9, 8, 7].map((back) => monthBack(back).slice(0, 7)));
    expect(oldest.rows[0].cells[`${monthBack(11).slice(0, 7)}.totalScanCnt`]).toBe(exactCount(scans(10, 11)));
    // The month before the window (12 back) is never a column.
    expect(Object.keys(oldest.rows[0].cells).some((id) => id.startsWith(monthBack(12).slice(0, 7)))).toBe(false);
    // Each month's Total Scan Count links to that shop's transactions of the month, in Chicago days.
    const link = shop10.links?.[`${monthBack(1).slice(0, 7)}.totalScanCnt`] ?? "";
    const expectedTo = new Date(Date.UTC(Number(monthBack(1).slice(0, 4)), Number(monthBack(1).slice(5, 7)), 0)).toISOString().slice(0, 10);
    expect(new URL(link, "http://x").searchParams.toString()).toBe(
      new URLSearchParams({ provider: "1001", shopId: "10", from: monthBack(1), to: expectedTo, tz: CHICAGO, drill: "Y" }).toString(),
    );
  });

  it("sorts by a row field or by any shown month's measure", async () => {
    const month = monthBack(0).slice(0, 7);
    const byScans = await view(`/dashboard/adoptionReport?provider=1001&sort=${month}.totalScanCnt&dir=desc`);
    expect(shopIds(byScans)).toEqual(["12", "11", "10"]);
    const byState = await view("/dashboard/adoptionReport?provider=1001&sort=rfStCd&dir=desc");
    expect(shopIds(byState)[0]).toBe("11");
  });

  it("filters by shop name, MSO name, repair facility id, license number, state, zip, active, workflow shop and test shops", async () => {
    const filtered = async (query: string) => shopIds(await view(`/dashboard/adoptionReport?provider=1001&${query}`));
    expect(await filtered("rfNm=beta")).toEqual(["11"]);
    expect(await filtered("msoNm=northern")).toEqual(["10", "11"]);
    expect(await filtered("rfId=12")).toEqual(["12"]);
    expect(await filtered("rfLicNum=123456")).toEqual(["10"]);
    expect(await filtered("rfStCd=wi")).toEqual(["11"]);
    expect(await filtered("rfZipCd=606")).toEqual(["10"]);
    expect(await filtered("isShopActive=N")).toEqual(["11"]);
    expect(await filtered("isWorkflowShop=Y")).toEqual(["10", "12"]);
    expect(await filtered("testShops=in")).toEqual(["10", "11", "12", "13"]);
    expect(await filtered("testShops=out")).toEqual(["10", "11", "12"]);
    // Text entries are upper-cased in the URL (spec §5).
    const state = await view("/dashboard/adoptionReport?provider=1001&rfStCd=wi&rfNm=beta");
    expect(state.state.filters).toMatchObject({ rfStCd: ["WI"], rfNm: ["BETA"] });
  });

  it("refuses a range outside 2~5 months, reversed or outside 0..11 with the spec's words, and keeps the range it had", async () => {
    for (const query of [
      "months=6-11",
      "months=9-9",
      "months=9-7",
      "months=10-12",
      "monthFrom=3&monthTo=3",
      "monthFrom=0&monthTo=11",
      "monthFrom=x&monthTo=2",
    ]) {
      const answer = await openGridLoader<PageData>(gridLoader, cookies.power, `/dashboard/adoptionReport?provider=1001&${query}`);
      expect(answer, query).toMatchObject({ status: 302, location: "/dashboard/adoptionReport?provider=1001" });
      if (!("correctedLines" in answer)) throw new Error("expected a correction");
      expect(answer.correctedLines, query).toEqual([RANGE_MESSAGE]);
    }
    const applied = await openGridLoader<PageData>(gridLoader, cookies.power, "/dashboard/adoptionReport?provider=1001&monthFrom=2&monthTo=5");
    expect(applied).toMatchObject({ status: 302, location: "/dashboard/adoptionReport?provider=1001&months=2-5" });
  });

  it("corrects bad input visibly and never answers 500: letters in the license number, an unknown provider, 10^9 rows per page", async () => {
    const answer = await openGridLoader<PageData>(gridLoader, cookies.power, "/dashboard/adoptionReport?provider=1001&rfLicNum=12a&size=1000000000");
    expect(answer).toMatchObject({ status: 302, location: "/dashboard/adoptionReport?provider=1001" });
    if (!("correctedLines" in answer)) throw new Error("expected a correction");
    expect(answer.correctedLines.join(" ")).toMatch(/Rows per page can be 10, 20, 30, 50, All\..*License Number takes digits only/);
    const unknown = await openGridLoader<PageData>(gridLoader, cookies.power, "/dashboard/adoptionReport?provider=999");
    if (!("correctedLines" in unknown)) throw new Error("expected a correction");
    expect(unknown.correctedLines.join(" ")).toMatch(/Provider has no option "999"/);
    const all = await view("/dashboard/adoptionReport?provider=1001&size=10000");
    expect(all.state.size).toBe(10_000);
    expect(all.rows).toHaveLength(3);
  });

  it("keeps a provider-only user to their own provider, whatever the URL, in the page and the CSV", async () => {
    for (const query of ["", "?provider=1002", "?provider=1002&rfId=15"]) {
      const grid = await view(`/dashboard/adoptionReport${query}`, cookies.provider);
      expect(grid.state.filters.provider, query).toEqual(["1001"]);
      expect(shopIds(grid)).not.toContain("15");
    }
    const other = await openGridLoader<PageData>(gridLoader, cookies.provider, "/dashboard/adoptionReport?provider=1002");
    if (!("correctedLines" in other)) throw new Error("expected a correction");
    expect(other.correctedLines.join(" ")).toMatch(/Provider is fixed for your account/);
    const csv = (await csvLoader(loaderArgs(pageRequest("/dashboard/adoptionReport.csv?provider=1002", cookies.provider)))) as Response;
    const records = parseCsv(await csv.text());
    expect(records.slice(1).map((record) => record[1])).toEqual(["10", "11", "12"]);
  });

  it("exports Diagnostic-Adoption-Report.csv with the month groups as two header rows, or flat", async () => {
    const flat = (await csvLoader(loaderArgs(pageRequest("/dashboard/adoptionReport.csv?provider=1001&months=9-11", cookies.power)))) as Response;
    expect(flat.headers.get("Content-Disposition")).toContain('filename="Diagnostic-Adoption-Report.csv"');
    const labels = [2, 1, 0].map((back) => monthWindow(todayIn(CHICAGO))[11 - back].label);
    const rows = parseCsv(await flat.text());
    // Every row field of the spec, shown or not, then the five measures of each month (decision 0066).
    expect(rows[0]).toEqual([...FIELD_LABELS, ...labels.flatMap((label) => MEASURE_LABELS.map((measure) => `${label} ${measure}`))]);
    expect(rows).toHaveLength(4);
    // Days and counts as data in the CSV: YYYY-MM-DD, bare digits (decision 0070).
    const alphaFields = ["Alpha Body", "10", "IL", "Y", "Rising", "Provider 1001", "Northern Group", "123456", "2025-01-15", "2025-02-01"];
    expect(rows[1]).toEqual([...alphaFields, ...[2, 1, 0].flatMap((back) => MEASURE_IDS.map((measure) => String(measuresOf(10, back)[measure])))]);
    const grouped = (await csvLoader(
      loaderArgs(pageRequest("/dashboard/adoptionReport.csv?provider=1001&months=9-11&header=two-rows", cookies.power)),
    )) as Response;
    const groupedRows = parseCsv(await grouped.text());
    expect(groupedRows[0]).toEqual(["Shop", ...Array(9).fill(""), ...labels.flatMap((label) => [label, "", "", "", ""])]);
    expect(groupedRows[1]).toEqual([...FIELD_LABELS, ...labels.flatMap(() => MEASURE_LABELS)]);
    expect(groupedRows).toHaveLength(5);
    // Measures the column chooser hides stay out of the CSV; the row fields are always in it.
    const chosen = (await csvLoader(
      loaderArgs(pageRequest("/dashboard/adoptionReport.csv?provider=1001&months=10-11&cols=rfNm,totalScanCnt", cookies.power)),
    )) as Response;
    const chosenRows = parseCsv(await chosen.text());
    // The shown row field first, then the others in the spec's order.
    expect(chosenRows[0]).toEqual([
      "Shop Name",
      "Provider",
      "MSO Name",
      "Repair Facility Id",
      "State",
      "License Number",
      "Activation Date",
      "First Scan Date",
      "Active",
      "Trend",
      ...labels.slice(1).map((label) => `${label} Total Scan Count`),
    ]);
    expect(chosenRows[1]).toEqual([
      "Alpha Body",
      "Provider 1001",
      "Northern Group",
      "10",
      "IL",
      "123456",
      "2025-01-15",
      "2025-02-01",
      "Y",
      "Rising",
      String(scans(10, 1)),
      String(scans(10, 0)),
    ]);
  });

  it("shades the shown measure cells when the heat map is on", async () => {
    const off = await view("/dashboard/adoptionReport?provider=1001");
    expect(off.rows[0].shades).toBeUndefined();
    const on = await view("/dashboard/adoptionReport?provider=1001&heat=on");
    const month = monthBack(0).slice(0, 7);
    const levels = on.rows.map((row) => row.shades?.[`${month}.totalScanCnt`] ?? 0);
    expect(levels.every((level) => level >= 1 && level <= 4)).toBe(true);
    expect(levels[2]).toBe(4);
    for (const measure of MEASURE_IDS) expect(on.rows[2].shades?.[`${month}.${measure}`], measure).toBe(4);
    // Only shown measures are shaded: Unique Scan Count, hidden in the column chooser, is not.
    const hidden = await view("/dashboard/adoptionReport?provider=1001&heat=on&cols=rfNm,totalScanCnt");
    expect(Object.keys(hidden.rows[0].shades ?? {}).some((id) => id.endsWith(".uniqueScanCnt"))).toBe(false);
    expect(hidden.rows[0].shades?.[`${month}.totalScanCnt`]).toBeGreaterThan(0);
  });
});
