import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import type { shopRegistrationsGrid } from "./grid";
import type { RegistrationRow } from "./grid-query.server";

function products(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String).join(", ") : "";
  } catch {
    return "";
  }
}

/** A registration's cells as the grid and its CSV show them. */
export function registrationCells(row: RegistrationRow, timeZone: string): GridCells<typeof shopRegistrationsGrid> {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    id: String(row.id),
    providerId: String(row.providerId),
    providerName: row.providerName,
    providerCustomerId: text(row.providerCustomerId),
    licenseKey: text(row.licenseKey),
    shopId: text(row.shopId),
    shopName: text(row.shopName),
    address: text(row.address),
    city: text(row.city),
    state: text(row.stateCd),
    zipCode: text(row.zipCode),
    createdDateTime: cellDateTime(row.createdDateTime, timeZone),
    lastModifiedDateTime: cellDateTime(row.lastModifiedDateTime, timeZone),
    active: row.isActive === 1 ? "Active" : "Inactive",
    diagnosticsProducts: products(row.diagnosticsProducts),
    providerStatus: text(row.providerStatus),
  };
}
