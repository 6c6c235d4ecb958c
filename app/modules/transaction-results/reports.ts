import type { PreviewKind } from "./report-files";

/** A row of the Reports tab (spec §2 "Reports": timestamp, type, source, view). */
export interface ReportRow {
  reportId: number;
  /** Formatted in the user's zone. */
  createdAt: string;
  type: string;
  source: string;
  fileName: string;
  fileType: string;
  /** Null when the file cannot be previewed: not ready, missing, or of another type. */
  preview: PreviewKind | null;
}

export interface ReportsTab {
  scanRequestId: number;
  reports: ReportRow[];
}
