import { getDb } from "~/db/db.server";
import { formatInstant } from "~/lib/date-format";
import { readRecordHistory } from "~/modules/audit/record-history.server";
import { deviceStatus } from "./cells";
import type { DeviceDetail } from "./detail";
import { DEVICE_ENTITY, DEVICE_HISTORY_LABELS } from "./device-record.server";
import { deviceIdOf } from "./grid-query.server";

/** A registration's expanded row: its fields, its provider's and shop's names, and its History; null when there is none. */
export async function findDeviceDetail(rowId: string, timeZone: string): Promise<DeviceDetail | null> {
  const registrationId = deviceIdOf(rowId);
  if (registrationId === null) return null;
  const row = await getDb()
    .selectFrom("deviceRegistrations as d")
    .leftJoin("providers as p", "p.providerId", "d.providerId")
    .leftJoin("shops as s", "s.repairFacilityId", "d.shopId")
    .selectAll("d")
    .select(["p.providerName", "s.custName as shopName"])
    .where("d.registrationId", "=", registrationId)
    .executeTakeFirst();
  if (!row) return null;
  const history = await readRecordHistory(DEVICE_ENTITY, String(registrationId), { timeZone, labels: DEVICE_HISTORY_LABELS, since: row.createdDateTime });
  return {
    registrationId,
    providerId: row.providerId,
    providerName: row.providerName ?? "",
    shopId: row.shopId,
    shopName: row.shopName ?? "",
    serialNo: row.serialNo,
    nickname: row.nickname ?? "",
    type: row.type ?? "",
    status: deviceStatus(row.isActive),
    created: formatInstant(row.createdDateTime, timeZone, "detail"),
    createdBy: row.createdUserId ?? "",
    modified: formatInstant(row.lastModifiedDateTime, timeZone, "detail"),
    modifiedBy: row.modifiedUserId ?? "",
    history,
  };
}
