import type { Selectable } from "kysely";
import type { ShopRegistrationsTable } from "~/db/types";
import type { Trx } from "~/modules/audit/versioned-change.server";

/** The audit log's name for a shop registration, and its trust actions (the History reads them). */
export const REGISTRATION_ENTITY = "shopRegistration";
export const REGISTRATION_ACTIONS = {
  updateRfDetails: "updateRfDetails",
  resend: "resendShopRegistration",
  resendAnswer: "resendShopRegistrationAnswer",
  deregister: "deregisterShopRegistration",
  delete: "deleteShopRegistration",
} as const;

/** The History's names for a registration's audit fields. */
export const REGISTRATION_HISTORY_LABELS: Readonly<Record<string, string>> = {
  shopId: "Shop Id",
  shopName: "Shop Name",
  address: "Address",
  city: "City",
  stateCd: "State",
  zipCode: "Zip Code",
  isActive: "Active",
  providerStatus: "Provider Status",
  resentTo: "Resent To",
  providerAnswer: "Provider Answer",
};

export type RegistrationRecord = Selectable<ShopRegistrationsTable>;

/** What an audit row keeps of a registration. */
export function registrationSnapshot(row: RegistrationRecord): Record<string, unknown> {
  return {
    shopId: row.shopId,
    shopName: row.shopName,
    address: row.address,
    city: row.city,
    stateCd: row.stateCd,
    zipCode: row.zipCode,
    isActive: row.isActive === 1 ? "Active" : "Inactive",
    providerStatus: row.providerStatus,
  };
}

/** The registration as stored, inside a write's transaction. */
export function loadRegistration(trx: Trx, id: number): Promise<RegistrationRecord | undefined> {
  return trx.selectFrom("shopRegistrations").selectAll().where("id", "=", id).executeTakeFirst();
}
