import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";
import type { PortalDatabase } from "../../app/db/connect.server";
import { addDays, todayIn } from "../../app/grid/dates";

/** One grid page to time: a query on /transactions (or Services), and which target it answers to. */
export interface PageCase {
  name: string;
  path: string;
  /** single: median < 40 ms and p95 < 80 ms; heavy: p95 < 150 ms; info: no target (reported to show the cost). */
  target: "single" | "heavy" | "info";
}

export const BENCH_TIME_ZONE = "America/Chicago";

/** Filter values taken from the newest requests, so every filter finds rows. */
async function sampleValues(database: PortalDatabase) {
  const rows = await database.db
    .selectFrom("scanRequests")
    .select(["shopId", "licenseNo", "vin", "providerServiceName"])
    .where("vin", "is not", null)
    .where("licenseNo", "is not", null)
    .where("providerServiceName", "is not", null)
    .orderBy("createdDateTime", "desc")
    .limit(2)
    .execute();
  if (rows.length < 2) throw new Error("The database has too few scan requests to benchmark");
  const [newest, other] = rows;
  return {
    shopId: String(newest.shopId),
    otherShopId: String(other.shopId),
    license: String(Number(newest.licenseNo)),
    vin: newest.vin ?? "",
    service: (newest.providerServiceName ?? "").slice(0, 4).toLowerCase(),
  };
}

export async function pageCases(database: PortalDatabase): Promise<PageCase[]> {
  const v = await sampleValues(database);
  const today = todayIn(BENCH_TIME_ZONE);
  const single = (name: string, query: string): PageCase => ({ name, path: `/transactions?${query}`, target: "single" });
  const heavy = (name: string, query: string): PageCase => ({ name, path: `/transactions?${query}`, target: "heavy" });
  const info = (name: string, query: string): PageCase => ({ name, path: `/transactions?${query}`, target: "info" });
  const enc = encodeURIComponent;
  return [
    { name: "default (last 7 days)", path: "/transactions?clear=1", target: "single" },
    { name: "Services default", path: "/transactions/services?clear=1", target: "single" },
    single("Is Test = Y", "isTest=Y"),
    single("Provider", `provider=${DEMO_PROVIDER_ID}`),
    single("Shop Id", `shopId=${v.shopId}`),
    single("License #", `licenseNo=${v.license}`),
    single("Provider Status", "providerScanStatus=COMPLETED"),
    single("VIN (3-character prefix)", `vin=${v.vin.slice(0, 3)}`),
    single("VIN (1-character prefix)", `vin=${v.vin.slice(0, 1)}`),
    single("VIN (whole)", `vin=${v.vin}`),
    single("Scan Type", "scanType=Calibration"),
    single("Provider Service Name (contains)", `providerServiceName=${enc(v.service)}`),
    single("Type", "type=services"),
    single("Scan Phase", "scanPhase=Pre-Repair"),
    single("Process Status (two)", `status=${enc("failed (provider failure)")}&status=cancelled`),
    single("Invoice Status", "invoiceStatus=SENT"),
    single("Client Type", "clientType=WEB"),
    single("Billable", "billable=N"),
    single("Shops (two)", `shop=${v.shopId}&shop=${v.otherShopId}`),
    heavy("page 1000", "page=1000"),
    info("page 500 of 50 rows, sorted by Make", "sort=make&dir=asc&size=50&page=500"),
    heavy("VIN prefix + service contains + not test", `isTest=N&vin=${v.vin.slice(0, 1)}&providerServiceName=${enc(v.service)}`),
    heavy(
      "five filters (not test, diagnostics, 2 statuses, billable, client type)",
      `isTest=N&type=diagnostics&status=completed&status=${enc("in progress")}&billable=Y&clientType=DESKTOP`,
    ),
    info(
      "90 days, provider + scan type + invoice status, sorted by Provider",
      `from=${addDays(today, -90)}&to=${today}&provider=${DEMO_PROVIDER_ID}&scanType=Scan&invoiceStatus=SENT&sort=providerName&dir=asc`,
    ),
    info(
      "90 days, service contains, sorted by Shop Name",
      `from=${addDays(today, -90)}&to=${today}&providerServiceName=${enc(v.service)}&sort=shopName&dir=asc`,
    ),
  ];
}

/** The CSV downloads: a 30-day window and the whole table. */
/** A CSV download to time; `againstDump`: also dumped by the database's own client, for the ratio (issue 28). */
export interface CsvCase {
  name: string;
  path: string;
  againstDump: boolean;
}

export function csvCases(): CsvCase[] {
  const today = todayIn(BENCH_TIME_ZONE);
  return [
    { name: "30 days", path: `/transactions.csv?from=${addDays(today, -30)}&to=${today}`, againstDump: false },
    { name: "whole table", path: `/transactions.csv?from=2000-01-01&to=${today}`, againstDump: true },
  ];
}
