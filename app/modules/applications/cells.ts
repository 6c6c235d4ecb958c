import { formatGridDateTime } from "~/lib/grid-date-format";
import type { ApplicationRow } from "./grid-query.server";

/**
 * The value of each column as the list shows it; the page and the CSV export both use it. Dates are
 * whole (seconds and zone): the cell shows them as DD-MMM-YY hh:mm A (the column's dateStyle).
 */
export function applicationCells(row: ApplicationRow, timeZone: string): Record<string, string> {
  return {
    id: row.id,
    createdDateTime: formatGridDateTime(row.createdDateTime, timeZone),
    lastModifiedDateTime: formatGridDateTime(row.lastModifiedDateTime, timeZone),
    currentVersion: row.currentVersion ?? "",
    platform: row.platform ?? "",
    userId: row.userId ?? "",
    machineName: row.machineName ?? "",
  };
}
