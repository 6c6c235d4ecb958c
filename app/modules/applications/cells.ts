import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import type { applicationsGrid } from "./grid";
import type { ApplicationRow } from "./grid-query.server";

/**
 * The value of each column as the list shows it; the page and the CSV export both use it. Dates
 * are the zone's reading (YYYY-MM-DD HH:mm:ss, the CSV's), shown as DD-MMM-YY hh:mm A (decision 0070).
 */
export function applicationCells(row: ApplicationRow, timeZone: string): GridCells<typeof applicationsGrid> {
  return {
    id: row.id,
    createdDateTime: cellDateTime(row.createdDateTime, timeZone),
    lastModifiedDateTime: cellDateTime(row.lastModifiedDateTime, timeZone),
    currentVersion: row.currentVersion ?? "",
    platform: row.platform ?? "",
    userId: row.userId ?? "",
    machineName: row.machineName ?? "",
  };
}
