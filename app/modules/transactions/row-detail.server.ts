import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDb } from "~/db/db.server";
import { parseRecordId } from "~/lib/record-id";
import { displayLicense } from "./cells";
import { fullAddress, type TransactionRowDetail } from "./row-detail";

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? "" : String(value));

/**
 * The details of one expanded row, or null when there is no such request, or the user may not see
 * it (another provider's row for a provider-only user), or it is not of the grid's type.
 */
export async function findTransactionRowDetail(rowId: string, scope: ProviderScope, requestType?: "services"): Promise<TransactionRowDetail | null> {
  if (parseRecordId(rowId) === null) return null;
  let query = getDb()
    .selectFrom("scanRequests as sr")
    .innerJoin("providers as p", "p.providerId", "sr.providerId")
    .leftJoin("shops as s", "s.repairFacilityId", "sr.shopId")
    .select([
      "sr.scanRequestId",
      "p.providerName",
      "sr.shopName",
      "sr.shopId",
      "sr.licenseNo",
      "sr.year",
      "sr.make",
      "sr.model",
      "sr.vin",
      "s.repairFacilityId",
      "s.licenseNum",
      "s.custName",
      "s.addrLine1",
      "s.city",
      "s.stateCd",
      "s.zip",
    ])
    .where("sr.scanRequestId", "=", Number(rowId));
  if (scope.restricted) query = query.where("sr.providerId", "=", scope.providerId);
  if (requestType) query = query.where("sr.type", "=", requestType);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const parts = { address: text(row.addrLine1), city: text(row.city), stateCode: text(row.stateCd), zipCode: text(row.zip) };
  return {
    scanRequestId: row.scanRequestId,
    providerName: row.providerName,
    shopName: text(row.shopName),
    shopId: row.shopId,
    shopLicense: displayLicense(row.licenseNo),
    year: text(row.year),
    make: text(row.make),
    model: text(row.model),
    vin: text(row.vin),
    shop: row.repairFacilityId === null ? null : { licenseKey: text(row.licenseNum), shopName: text(row.custName), ...parts, fullAddress: fullAddress(parts) },
  };
}
