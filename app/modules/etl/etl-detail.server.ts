import { getDb } from "~/db/db.server";
import { rowByKey } from "~/db/keyed-table.server";
import { formatInstant } from "~/lib/date-format";
import { readRecordHistory } from "~/modules/audit/record-history.server";
import { etlCells } from "./cells.server";
import type { EtlDetail } from "./detail";
import { ETL_TEXT_FIELDS } from "./etl-form";
import { ETL_ENTITY, ETL_TABLE } from "./etl-record.server";

/** The History's field names (the Activity screen names them the same way). */
export const ETL_HISTORY_LABELS = { ...ETL_TEXT_FIELDS, etlBatchId: "Batch Id" } as const;

/** An ETL variable's expanded row: its fields, version and History; null for an id that is no variable. */
export async function findEtlDetail(varId: number, timeZone: string): Promise<EtlDetail | null> {
  const row = await rowByKey(getDb(), ETL_TABLE, varId);
  if (!row) return null;
  const history = await readRecordHistory(ETL_ENTITY, String(row.varId), { timeZone, labels: ETL_HISTORY_LABELS, since: row.dateCreated });
  // The fields as the grid's cells hold them, the dates as a detail view writes them.
  return {
    ...etlCells(row, timeZone),
    lastUpdateDate: formatInstant(row.lastUpdateDate, timeZone, "detail"),
    dateCreated: formatInstant(row.dateCreated, timeZone, "detail"),
    varId: row.varId,
    version: row.rowVersion,
    history,
  };
}
