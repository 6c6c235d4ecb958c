import { getDb } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { filterConditions, sortExpression, type GridBindings } from "~/grid/sql-bindings.server";
import { parseRecordId, recordIds } from "~/lib/record-id";
import type { DeviceCellsSource } from "./cells";
import type { devicesGrid } from "./grid";

const STATUS_FLAG: Readonly<Record<string, number>> = { Active: 1, Inactive: 0 };

/** The Devices table's columns and filters in SQL: ids exact (digits only), texts contain (ignoring case), status as the flag. */
export const DEVICE_BINDINGS: GridBindings<typeof devicesGrid> = {
  registrationId: { sql: "d.registrationId", filter: "exact", stored: (value) => Number(value) },
  providerId: { sql: "d.providerId", filter: "exact", stored: (value) => Number(value) },
  shopId: { sql: "d.shopId", filter: "exact", stored: (value) => Number(value) },
  serialNo: { sql: "d.serialNo", filter: "contains" },
  nickname: { sql: "d.nickname", filter: "contains" },
  type: { sql: "d.type", filter: "contains" },
  status: { sql: "d.isActive", filter: "exact", stored: (value) => STATUS_FLAG[value] ?? -1 },
  createdDateTime: { sql: "d.createdDateTime" },
  createdUserId: { sql: "d.createdUserId" },
  lastModifiedDateTime: { sql: "d.lastModifiedDateTime" },
  modifiedUserId: { sql: "d.modifiedUserId" },
};

const COLUMNS = [
  "d.registrationId",
  "d.providerId",
  "d.shopId",
  "d.serialNo",
  "d.nickname",
  "d.type",
  "d.isActive",
  "d.createdDateTime",
  "d.createdUserId",
  "d.lastModifiedDateTime",
  "d.modifiedUserId",
  "d.rowVersion",
] as const;

function matching(state: GridState) {
  return getDb()
    .selectFrom("deviceRegistrations as d")
    .where((eb) => eb.and(filterConditions(DEVICE_BINDINGS, state.filters, undefined)));
}

/** Every matching registration in grid order (the sorted column, then the id): the page reads a slice, the export all. */
export function selectDeviceRows(state: GridState) {
  return matching(state)
    .select(COLUMNS)
    .orderBy(sortExpression(DEVICE_BINDINGS, state, "lastModifiedDateTime"), state.dir)
    .orderBy("d.registrationId", state.dir);
}

/** One page of registrations and how many match. */
export function findDevicesPage(state: GridState): Promise<{ rows: DeviceCellsSource[]; total: number }> {
  return offsetPageWithTotal(selectDeviceRows(state), matching(state), state);
}

/** A registration id as the URL or a form gives it; null when it cannot be one. */
export function deviceIdOf(id: string): number | null {
  return parseRecordId(id);
}

/** Of these ids, the registrations that exist. */
export async function existingDeviceIds(ids: readonly string[]): Promise<string[]> {
  const numeric = recordIds(ids);
  if (numeric.length === 0) return [];
  const rows = await getDb().selectFrom("deviceRegistrations").select("registrationId").where("registrationId", "in", numeric).execute();
  return rows.map((row) => String(row.registrationId));
}

/** How a confirmation names registrations: the id with the serial number. */
export async function deviceLabels(ids: readonly string[]): Promise<string[]> {
  const numeric = recordIds(ids);
  if (numeric.length === 0) return [];
  const rows = await getDb().selectFrom("deviceRegistrations").select(["registrationId", "serialNo"]).where("registrationId", "in", numeric).execute();
  const byId = new Map(rows.map((row) => [String(row.registrationId), `${row.registrationId} · ${row.serialNo}`]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
