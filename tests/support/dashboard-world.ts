import type { Insertable } from "kysely";
import { getDb } from "~/db/db.server";
import type { ScanRequestsTable } from "~/db/types";

/**
 * A small hand-made data set for the dashboard's figures, whose answers are known: two providers,
 * shops (one a test shop), registrations and scan requests at chosen instants.
 */
export const NOW = new Date("2026-11-24T18:00:00.000Z");
const STAMP = "2026-01-01T00:00:00.000Z";

/** A provider one can choose (version 2.0), unless given another version or the code AHMC. */
export async function insertProvider(providerId: number, options: { version?: string; code?: string } = {}): Promise<void> {
  await getDb()
    .insertInto("providers")
    .values({
      providerId,
      providerName: `Provider ${providerId}`,
      providerType: "SCAN",
      providerCd: options.code ?? `P${providerId}`,
      version: options.version ?? "2.0",
      createdDateTime: STAMP,
      updatedDateTime: STAMP,
    })
    .execute();
}

export async function insertShop(id: number, options: { test?: boolean; latitude?: number; longitude?: number } = {}): Promise<void> {
  await getDb()
    .insertInto("shops")
    .values({
      repairFacilityId: id,
      masterLocationId: `ML${id}`,
      licenseNum: String(id).padStart(6, "0"),
      custName: `Shop ${id}`,
      city: "Springfield",
      stateCd: "IL",
      zip: "62701",
      latitude: options.latitude ?? 39.78,
      longitude: options.longitude ?? -89.65,
      isInternal: options.test ? "Y" : "N",
      docTimestamp: STAMP,
      createdDatetime: STAMP,
      updatedDatetime: STAMP,
    })
    .execute();
}

export async function insertRegistration(providerId: number, shopId: number, options: { created: string; active?: boolean }): Promise<void> {
  await getDb()
    .insertInto("shopRegistrations")
    .values({
      providerId,
      shopId,
      licenseKey: String(shopId).padStart(6, "0"),
      shopName: `Shop ${shopId}`,
      createdDateTime: options.created,
      lastModifiedDateTime: options.created,
      isActive: options.active === false ? 0 : 1,
      providerStatus: "Success",
    })
    .execute();
}

let nextRequestId = 500_000;

export interface RequestSpec {
  providerId: number;
  shopId: number;
  created: string;
  status: string;
  scanType?: string;
  make?: string;
  providerScanType?: string;
  /** Scan duration in milliseconds (start and end stamps), when the request has them. */
  durationMs?: number;
}

export async function insertRequest(spec: RequestSpec): Promise<number> {
  const scanRequestId = nextRequestId++;
  const request: Insertable<ScanRequestsTable> = {
    scanRequestId,
    providerId: spec.providerId,
    shopId: spec.shopId,
    shopName: `Shop ${spec.shopId}`,
    scanType: spec.scanType ?? "Scan",
    status: spec.status,
    type: "diagnostics",
    make: spec.make ?? "FORD",
    providerScanType: spec.providerScanType ?? "PRE_SCAN",
    createdDateTime: spec.created,
    lastModifiedDateTime: spec.created,
  };
  await getDb().insertInto("scanRequests").values(request).execute();
  const start = new Date(spec.created);
  await getDb()
    .insertInto("scanRequestDetails")
    .values({
      scanRequestId,
      scanStartTimeStamp: spec.durationMs === undefined ? null : start.toISOString(),
      scanEndTimeStamp: spec.durationMs === undefined ? null : new Date(start.getTime() + spec.durationMs).toISOString(),
    })
    .execute();
  return scanRequestId;
}
