import type { Selectable } from "kysely";
import type { DeviceRegistrationsTable } from "~/db/types";
import { deviceStatus } from "./cells";

/** The audit log's name for a device registration, and its actions (the History reads them). */
export const DEVICE_ENTITY = "deviceRegistration";
export const DEVICE_ACTIONS = { deregister: "deregisterDevice", delete: "deleteDevice" } as const;

/** The History's names for a registration's audit fields. */
export const DEVICE_HISTORY_LABELS: Readonly<Record<string, string>> = {
  providerId: "Provider Id",
  shopId: "Shop Id",
  serialNo: "Serial No",
  nickname: "Nickname",
  type: "Type",
  status: "Status",
  lastModifiedDateTime: "Last Modified Date",
  modifiedUserId: "Modified By",
};

/** What an audit row keeps of a registration. */
export function deviceSnapshot(row: Selectable<DeviceRegistrationsTable>): Record<string, unknown> {
  return {
    providerId: row.providerId,
    shopId: row.shopId,
    serialNo: row.serialNo,
    nickname: row.nickname,
    type: row.type,
    status: deviceStatus(row.isActive),
    lastModifiedDateTime: row.lastModifiedDateTime,
    modifiedUserId: row.modifiedUserId,
  };
}
