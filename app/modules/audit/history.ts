/** An admin record's History as the expanded row shows it (client-safe; read by record-history.server.ts). */
export interface HistoryChange {
  field: string;
  before: string;
  after: string;
}

export interface HistoryEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  changes: HistoryChange[];
}
