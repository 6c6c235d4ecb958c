import { getDb } from "~/db/db.server";
import { formatGridDateTime } from "~/lib/grid-date-format";
import { readRecordHistory } from "~/modules/audit/record-history.server";
import { ETL_TEXT_FIELDS } from "./etl-form";
import { ETL_ENTITY } from "./etl-record.server";
import type { EtlDetail } from "./detail";

const HISTORY_LABELS = { ...ETL_TEXT_FIELDS, etlBatchId: "Batch Id" } as const;

/** An ETL variable's expanded row: its fields, version and History; null for an id that is no variable. */
export async function findEtlDetail(varId: number, timeZone: string): Promise<EtlDetail | null> {
  const row = await getDb().selectFrom("etlVariables").selectAll().where("varId", "=", varId).executeTakeFirst();
  if (!row) return null;
  const history = await readRecordHistory(ETL_ENTITY, String(row.varId), { timeZone, labels: HISTORY_LABELS, since: row.dateCreated });
  return {
    varId: row.varId,
    varParentKey: row.varParentKey ?? "",
    varParentVal: row.varParentVal ?? "",
    varChildKey: row.varChildKey ?? "",
    varChildVal: row.varChildVal ?? "",
    etlJobName: row.etlJobName ?? "",
    etlBatchId: row.etlBatchId === null ? "" : String(row.etlBatchId),
    lastUpdateDate: formatGridDateTime(row.lastUpdateDate, timeZone),
    lastUpdateUser: row.lastUpdateUser ?? "",
    dateCreated: formatGridDateTime(row.dateCreated, timeZone),
    version: row.rowVersion,
    history,
  };
}
