import { sql, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { asNumber, filterConditions, type GridBindings, sortExpression } from "~/grid/sql-bindings.server";
import { recordIds } from "~/lib/record-id";
import type { shopRegistrationsGrid } from "./grid";

const ACTIVE_FLAG: Readonly<Record<string, number>> = { Active: 1, Inactive: 0 };

/** Shop Registrations in SQL: digits filters exact, names contain (ignoring case), test shop by the shop's flag. */
export const REGISTRATION_BINDINGS: GridBindings<typeof shopRegistrationsGrid> = {
  id: { sql: "r.id" },
  providerId: { sql: "r.providerId" },
  provider: { sql: "r.providerId", filter: "exact", stored: asNumber },
  providerName: { sql: "p.providerName" },
  providerCustomerId: { sql: "r.providerCustomerId", filter: "contains" },
  licenseKey: { sql: "r.licenseKey", filter: (values) => sql<SqlBool>`${sql.ref("r.licenseKey")} = ${values[0].padStart(6, "0")}` },
  shopId: { sql: "r.shopId", filter: "exact", stored: asNumber },
  shopName: { sql: "r.shopName", filter: "contains" },
  address: { sql: "r.address", sortable: false },
  city: { sql: "r.city", filter: "contains" },
  state: { sql: "r.stateCd" },
  zipCode: { sql: "r.zipCode", filter: "prefix" },
  createdDateTime: { sql: "r.createdDateTime" },
  lastModifiedDateTime: { sql: "r.lastModifiedDateTime" },
  active: { sql: "r.isActive", filter: "exact", stored: (value) => ACTIVE_FLAG[value] ?? -1 },
  // A registration whose shop is not known yet is no test shop.
  isTest: { sql: "s.isInternal", filter: (values, column) => sql<SqlBool>`coalesce(${column}, 'N') = ${values[0]}` },
  diagnosticsProducts: { sql: "r.diagnosticsProducts", sortable: false },
  providerStatus: { sql: "r.providerStatus", filter: "exact" },
};

function registrations() {
  return getDb()
    .selectFrom("shopRegistrations as r")
    .innerJoin("providers as p", "p.providerId", "r.providerId")
    .leftJoin("shops as s", "s.repairFacilityId", "r.shopId");
}

function matchingRegistrations(state: GridState) {
  return registrations().where((eb) => eb.and(filterConditions(REGISTRATION_BINDINGS, state.filters, undefined)));
}

const COLUMNS = [
  "r.id",
  "r.providerId",
  "p.providerName",
  "r.providerCustomerId",
  "r.licenseKey",
  "r.shopId",
  "r.shopName",
  "r.address",
  "r.city",
  "r.stateCd",
  "r.zipCode",
  "r.createdDateTime",
  "r.lastModifiedDateTime",
  "r.isActive",
  "r.diagnosticsProducts",
  "r.providerStatus",
  "r.rowVersion",
  "s.isInternal",
] as const;

/** Every matching registration in grid order (the CSV export; the page reads a slice). */
export function selectRegistrationRows(state: GridState) {
  return matchingRegistrations(state)
    .select(COLUMNS)
    .orderBy(sortExpression(REGISTRATION_BINDINGS, state, "lastModifiedDateTime"), state.dir)
    .orderBy("r.id", state.dir);
}

export type RegistrationRow = Awaited<ReturnType<ReturnType<typeof selectRegistrationRows>["execute"]>>[number];

export function findRegistrationsPage(state: GridState): Promise<{ rows: RegistrationRow[]; total: number }> {
  return offsetPageWithTotal(selectRegistrationRows(state), matchingRegistrations(state), state);
}

/** One registration as the grid shows it, or undefined. */
export function findRegistrationRow(id: number) {
  return registrations().select(COLUMNS).where("r.id", "=", id).executeTakeFirst();
}

/** Of these ids, the registrations that exist (a trust action acts on those only). */
export async function existingRegistrationIds(ids: readonly string[]): Promise<string[]> {
  const numeric = recordIds(ids);
  if (numeric.length === 0) return [];
  const rows = await getDb().selectFrom("shopRegistrations").select("id").where("id", "in", numeric).execute();
  return rows.map((row) => String(row.id));
}

/** How a confirmation names registrations: the id with the shop's name. */
export async function registrationLabels(ids: readonly string[]): Promise<string[]> {
  const numeric = recordIds(ids);
  if (numeric.length === 0) return [];
  const rows = await getDb().selectFrom("shopRegistrations").select(["id", "shopName"]).where("id", "in", numeric).execute();
  const byId = new Map(rows.map((row) => [String(row.id), row.shopName ? `${row.id} · ${row.shopName}` : String(row.id)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
