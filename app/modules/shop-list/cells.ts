import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import type { shopListGrid } from "./grid";
import { EMPTY_PROVIDER_STATUS } from "./grid";
import type { ShopListRow } from "./grid-query.server";

/**
 * A Shop List row's cells as the grid shows them. The CSV leaves an empty provider status empty:
 * its writer would guard '--' as a formula ("'--").
 */
export function shopListCells(row: ShopListRow, timeZone: string, target: "grid" | "csv" = "grid"): GridCells<typeof shopListGrid> {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    shopId: text(row.shopId),
    license: text(row.licenseKey),
    shopName: text(row.shopName),
    providerName: row.providerName,
    address: [row.addrLine1, row.addrLine2].filter((line) => line !== null && line !== "").join(", "),
    city: text(row.city),
    state: text(row.stateCd),
    zip: text(row.zip),
    regisStatus: cellDateTime(row.lastModifiedDateTime, timeZone),
    createdDateTime: cellDateTime(row.createdDateTime, timeZone),
    status: row.status,
    providerStatus: row.providerStatus ? row.providerStatus : target === "grid" ? EMPTY_PROVIDER_STATUS : "",
  };
}
