import { formatInstant } from "~/lib/date-format";
import { readRecordHistory } from "~/modules/audit/record-history.server";
import { registrationCells } from "./cells";
import { findRegistrationRow } from "./grid-query.server";
import type { RegisteredShopRecord, RegistrationDetail } from "./registration-detail";
import { REGISTRATION_ENTITY, REGISTRATION_HISTORY_LABELS } from "./registration-record.server";
import { findShopRecord, streetAddressOf } from "./shop-record.server";

/** The shop record of the registration's license, as the expanded row shows it. */
async function shopByLicense(licenseKey: string | null, shopId: number | null): Promise<RegisteredShopRecord | null> {
  const row = await findShopRecord(licenseKey, shopId);
  if (!row) return null;
  const phone = [row.tlcmAreaCd, row.tlcmNum].filter(Boolean).join(" ");
  return {
    repairFacilityId: row.repairFacilityId,
    name: row.custName,
    address: streetAddressOf(row),
    cityStateZip: [row.city, [row.stateCd, row.zip].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    testShop: row.isInternal === "Y",
    email: row.primaryEmail ?? "",
    phone,
  };
}

/** A registration expanded: its cells, the shop record its license finds, and its History. */
export async function findRegistrationDetail(id: number, timeZone: string): Promise<RegistrationDetail | null> {
  const row = await findRegistrationRow(id);
  if (!row) return null;
  const [shop, history] = await Promise.all([
    shopByLicense(row.licenseKey, row.shopId),
    readRecordHistory(REGISTRATION_ENTITY, String(id), { timeZone, labels: REGISTRATION_HISTORY_LABELS, since: row.createdDateTime }),
  ]);
  // The row's cells, its dates as a detail view writes them.
  const cells = {
    ...registrationCells(row, timeZone),
    createdDateTime: formatInstant(row.createdDateTime, timeZone, "detail"),
    lastModifiedDateTime: formatInstant(row.lastModifiedDateTime, timeZone, "detail"),
  };
  return { id: row.id, version: row.rowVersion, cells, shop, history };
}
