import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import type { devicesGrid } from "./grid";

/** Registrations are Active or Inactive (spec §4). */
export function deviceStatus(isActive: number): "Active" | "Inactive" {
  return isActive === 1 ? "Active" : "Inactive";
}

/** What a Devices row's cells are made of (grid-query.server.ts). */
export interface DeviceCellsSource {
  registrationId: number;
  providerId: number;
  shopId: number;
  serialNo: string;
  nickname: string | null;
  type: string | null;
  isActive: number;
  createdDateTime: string;
  createdUserId: string | null;
  lastModifiedDateTime: string;
  modifiedUserId: string | null;
  rowVersion: number;
}

export function deviceCells(row: DeviceCellsSource, timeZone: string): GridCells<typeof devicesGrid> {
  return {
    registrationId: String(row.registrationId),
    providerId: String(row.providerId),
    shopId: String(row.shopId),
    serialNo: row.serialNo,
    nickname: row.nickname ?? "",
    type: row.type ?? "",
    status: deviceStatus(row.isActive),
    createdDateTime: cellDateTime(row.createdDateTime, timeZone),
    createdUserId: row.createdUserId ?? "",
    lastModifiedDateTime: cellDateTime(row.lastModifiedDateTime, timeZone),
    modifiedUserId: row.modifiedUserId ?? "",
  };
}
