import { getDb } from "~/db/db.server";
import { readRecordHistory } from "~/modules/audit/record-history.server";
import { registrationCells } from "./cells";
import { findRegistrationRow } from "./grid-query.server";
import type { RegisteredShopRecord, RegistrationDetail } from "./registration-detail";

export const REGISTRATION_ENTITY = "shopRegistration";
const HISTORY_LABELS = { isActive: "Active", shopName: "Shop Name", address: "Address", city: "City", stateCd: "State", zipCode: "Zip Code", providerStatus: "Provider Status" } as const;

/** The shop record of a license number: the registered shop's own when it has that license, else the first. */
async function shopByLicense(licenseKey: string | null, shopId: number): Promise<RegisteredShopRecord | null> {
  if (!licenseKey) return null;
  const rows = await getDb().selectFrom("shops").selectAll().where("licenseNum", "=", licenseKey).orderBy("repairFacilityId").limit(20).execute();
  const row = rows.find((candidate) => candidate.repairFacilityId === shopId) ?? rows[0];
  if (!row) return null;
  const phone = [row.tlcmAreaCd, row.tlcmNum].filter(Boolean).join(" ");
  return {
    repairFacilityId: row.repairFacilityId,
    name: row.custName,
    address: [row.addrLine1, row.addrLine2].filter(Boolean).join(", "),
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
  const [shop, history] = await Promise.all([shopByLicense(row.licenseKey, row.shopId), readRecordHistory(REGISTRATION_ENTITY, String(id), { timeZone, labels: HISTORY_LABELS })]);
  return { id: row.id, version: row.rowVersion, cells: registrationCells(row, timeZone), shop, history };
}
