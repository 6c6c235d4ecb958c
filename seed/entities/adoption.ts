import { randomFor, type SeedContext } from "../context";
import type { RequestPlan } from "../requests/plan";
import { firstOfMonth } from "../timeline";
import type { ProviderShops } from "./registrations";

export const ADOPTION_MONTHS = 12;
// Per month: total scans, RO-linked scans, new vehicles, new vehicles with an RO.
const TOTAL = 0;
const RO_LINKED = 1;
const UNIQUE = 2;
const UNIQUE_RO_LINKED = 3;
const COUNTERS = 4;

/**
 * Counts scans per shop registration and month while the requests are generated, so the adoption
 * report (12 months ending with the anchor's month) agrees with the transactions.
 */
export class AdoptionTally {
  private readonly counts = new Map<number, Int32Array>();
  private readonly firstScanMs = new Map<number, number>();
  private readonly anchorMonth: number;

  constructor(anchorDay: Date) {
    this.anchorMonth = anchorDay.getUTCFullYear() * 12 + anchorDay.getUTCMonth();
  }

  record(plan: RequestPlan): void {
    const registrationId = plan.registration.id;
    if (!this.firstScanMs.has(registrationId)) this.firstScanMs.set(registrationId, plan.createdMs);
    const created = new Date(plan.createdMs);
    const monthsBack = this.anchorMonth - (created.getUTCFullYear() * 12 + created.getUTCMonth());
    if (monthsBack < 0 || monthsBack >= ADOPTION_MONTHS) return;
    let cells = this.counts.get(registrationId);
    if (!cells) {
      cells = new Int32Array(ADOPTION_MONTHS * COUNTERS);
      this.counts.set(registrationId, cells);
    }
    const base = (ADOPTION_MONTHS - 1 - monthsBack) * COUNTERS;
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
        activationDt: context.timeline.iso(registration.createdMs).slice(0, 10),
        firstScanDt: firstScan === null ? null : context.timeline.iso(firstScan).slice(0, 10),
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
          monthDt: firstOfMonth(anchorDay, ADOPTION_MONTHS - 1 - month),
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
