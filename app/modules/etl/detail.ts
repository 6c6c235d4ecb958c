import type { HistoryEntry } from "~/modules/audit/history";

/** An ETL variable as its expanded row shows it (client-safe): the fields as text, its version and History. */
export interface EtlDetail {
  varId: number;
  varParentKey: string;
  varParentVal: string;
  varChildKey: string;
  varChildVal: string;
  etlJobName: string;
  etlBatchId: string;
  lastUpdateDate: string;
  lastUpdateUser: string;
  dateCreated: string;
  /** The version the form is read at (rowVersion). */
  version: number;
  history: HistoryEntry[];
}
