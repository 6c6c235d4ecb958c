import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import { displayLicense } from "~/modules/transactions/cells";
import type { quotesGrid } from "./grid";
import type { QuoteRow } from "./grid-query.server";

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? "" : String(value));

/** The value of each Quotes column as the grid shows it (the CSV export uses the same). */
export function quoteCells(row: QuoteRow, timeZone: string): GridCells<typeof quotesGrid> {
  return {
    quoteId: text(row.quoteId),
    providerName: text(row.providerName),
    providerId: text(row.providerId),
    shopId: text(row.shopId),
    licenseNumber: displayLicense(row.licenseNumber),
    shopName: text(row.shopName),
    repairOrderNumber: text(row.repairOrderNumber),
    workfileId: text(row.workfileId),
    lastModifiedDateTime: cellDateTime(row.lastModifiedDateTime, timeZone),
    year: text(row.year),
    make: text(row.make),
    model: text(row.model),
    vin: text(row.vin),
    repairPhase: text(row.repairPhase),
    status: text(row.status),
    serviceReceived: row.serviceReceived === 1 ? "Yes" : "No",
  };
}
