import { startOfDayUtc, todayIn } from "~/grid/dates";
import { randomFor, type SeedContext } from "../context";
import type { ProviderShops } from "./registrations";
import type { RequestPlan } from "../requests/plan";

/** The report's months are calendar months in America/Chicago (dashboards spec §9; decision 0052). */
export const ADOPTION_TIME_ZONE = "America/Chicago";

export const ADOPTION_MONTHS = 12;
// Per month: total scans, RO-linked scans, new vehicles, new vehicles with an RO.
const TOTAL = 0;
const RO_LINKED = 1;
const UNIQUE = 2;
const UNIQUE_RO_LINKED = 3;
const COUNTERS = 4;

/**
 * The first days (YYYY-MM-01) of the report's 12 months, oldest first, ending with the anchor day's
 * month: the anchor day is a calendar day, and the data ends on it in America/Chicago as well.
 */
export function adoptionMonths(anchorDay: Date): string[] {
  const [year, month] = anchorDay.toISOString().slice(0, 10).split("-").map(Number);
  return Array.from({ length: ADOPTION_MONTHS }, (_, index) =>
    new Date(Date.UTC(year, month - 1 - (ADOPTION_MONTHS - 1 - index), 1)).toISOString().slice(0, 10),
  );
}

/** The Chicago calendar day of an instant (activation and first scan dates). */
function chicagoDay(ms: number): string {
  return todayIn(ADOPTION_TIME_ZONE, new Date(ms));
}

/**
 * Counts scans per shop registration and month while the requests are generated, so the adoption
 * report (12 months ending with the anchor's month) agrees with the transactions: a request counts
 * in the calendar month of America/Chicago it was created in (midnight to midnight there), the
 * month the transactions grid's `from`/`to` with `tz=America/Chicago` reads.
 */
export class AdoptionTally {
  private readonly counts = new Map<number, Int32Array>();
  private readonly firstScanMs = new Map<number, number>();
  /** The UTC instants where each month starts in Chicago, and where the one after the last starts. */
  private readonly monthStarts: number[];

  constructor(anchorDay: Date) {
    const months = adoptionMonths(anchorDay);
    const [year, month] = months[months.length - 1].split("-").map(Number);
    const next = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
    this.monthStarts = [...months, next].map((first) => startOfDayUtc(first, ADOPTION_TIME_ZONE).getTime());
  }

  /** The index (0 = oldest) of the Chicago month holding an instant; -1 outside the 12 months. */
  private monthOf(ms: number): number {
    const starts = this.monthStarts;
    if (ms < starts[0] || ms >= starts[ADOPTION_MONTHS]) return -1;
    let index = ADOPTION_MONTHS - 1;
    while (ms < starts[index]) index--;
    return index;
  }

  record(plan: RequestPlan): void {
    const registrationId = plan.registration.id;
    if (!this.firstScanMs.has(registrationId)) this.firstScanMs.set(registrationId, plan.createdMs);
    const month = this.monthOf(plan.createdMs);
    if (month < 0) return;
    let cells = this.counts.get(registrationId);
    if (!cells) {
      cells = new Int32Array(ADOPTION_MONTHS * COUNTERS);
      this.counts.set(registrationId, cells);
    }
    const base = month * COUNTERS;
    const roLinked = plan.repairOrderNo !== null;
    const newVehicle = plan.masterId === null;
    cells[base + TOTAL]++;
    if (roLinked) cells[base + RO_LINKED]++;
    if (newVehicle) cells[base + UNIQUE]++;
    if (newVehicle && roLinked) cells[base + UNIQUE_RO_LINKED]++;
  }

  monthCounts(registrationId: number): Int32Array {
    return this.counts.get(registrationId) ?? new Int32Array(ADOPTION_MONTHS * COUNTERS);
  }

  firstScan(registrationId: number): number | null {
    return this.firstScanMs.get(registrationId) ?? null;
  }
}

/** One report row per registered shop of each 2.0 provider, with its 12 months. */
export function seedAdoptionReport(context: SeedContext, shopsByProvider: Map<number, ProviderShops>, tally: AdoptionTally): void {
  const anchorDay = context.timeline.anchorDay;
  const etlUpdated = context.timeline.iso(anchorDay.getTime() - 5 * 3_600_000);
  const months = adoptionMonths(anchorDay);
  let rowId = 1;
  for (const { provider, registrations } of shopsByProvider.values()) {
    if (provider.version !== "2.0") continue;
    for (const registration of registrations) {
      const random = randomFor(context, "adoption", registration.id);
      const { shop } = registration;
      const cells = tally.monthCounts(registration.id);
      const firstScan = tally.firstScan(registration.id);
      const last = cells[(ADOPTION_MONTHS - 1) * COUNTERS + TOTAL];
      const previous = cells[(ADOPTION_MONTHS - 2) * COUNTERS + TOTAL];
      const id = rowId++;
      context.sink.add("adoptionReportRows", {
        id,
        rfId: shop.shopId,
        providerId: provider.providerId,
        providerCd: provider.code,
        rfNm: shop.name,
        msoNm: shop.msoName,
        rfStCd: shop.stateCd,
        rfLicNum: shop.licenseNum === null ? null : Number(shop.licenseNum),
        rfZipCd: shop.zip,
        isWorkflowShop: random.chance(0.7) ? "Y" : "N",
        activationDt: chicagoDay(Math.min(registration.createdMs, context.timeline.endMs)),
        firstScanDt: firstScan === null ? null : chicagoDay(Math.min(firstScan, context.timeline.endMs)),
        isShopActive: registration.isActive ? "Y" : "N",
        // Up (1) or down (0) against the month before; unknown without scans in either month.
        trend: last === 0 && previous === 0 ? null : last === previous ? null : last > previous ? 1 : 0,
        etlUpdatedDatetime: etlUpdated,
      });
      for (let month = 0; month < ADOPTION_MONTHS; month++) {
        const base = month * COUNTERS;
        // Shops write more repair orders than they scan: the rest of their work needs no scan.
        const repairOrders = cells[base + UNIQUE_RO_LINKED] + Math.round(random.int(0, 12) * (0.5 + shop.activity));
        context.sink.add("adoptionReportMonths", {
          rowId: id,
          monthDt: months[month],
          totalRoCnt: repairOrders,
          uniqueScanCntRoLinked: cells[base + UNIQUE_RO_LINKED],
          totalScanCntRoLinked: cells[base + RO_LINKED],
          uniqueScanCnt: cells[base + UNIQUE],
          totalScanCnt: cells[base + TOTAL],
        });
      }
    }
  }
}
