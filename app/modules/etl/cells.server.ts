import type { Row } from "~/db/types";
import { cellDateTime } from "~/lib/date-format";

/** What an ETL grid row's cells are made of (grid-query.server.ts): the stored variable but its version. */
export type EtlCellsSource = Omit<Row<"etlVariables">, "rowVersion">;

/** A row's cells, the same on the page and in the export. */
export function etlCells(row: EtlCellsSource, timeZone: string): Record<keyof EtlCellsSource, string> {
  return {
    varId: String(row.varId),
    varParentKey: row.varParentKey ?? "",
    varParentVal: row.varParentVal ?? "",
    varChildKey: row.varChildKey ?? "",
    varChildVal: row.varChildVal ?? "",
    etlJobName: row.etlJobName ?? "",
    etlBatchId: row.etlBatchId === null ? "" : String(row.etlBatchId),
    lastUpdateDate: cellDateTime(row.lastUpdateDate, timeZone),
    lastUpdateUser: row.lastUpdateUser ?? "",
    dateCreated: cellDateTime(row.dateCreated, timeZone),
  };
}
