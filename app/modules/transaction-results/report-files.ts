/** Report files (spec §2 "Reports"): the types that can be previewed and downloaded, and their names. */

export const REPORT_UNAVAILABLE = "Unable to Preview/Download Report!!!";
export const LOADING_REPORT = "Loading Report...";

const CONTENT_TYPES = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  png: "image/png",
} as const;

export type ReportFileType = keyof typeof CONTENT_TYPES;
export type PreviewKind = "pdf" | "image";

/** The report's file type in lower case when it is one of pdf, jpg, jpeg, gif, png; else null. */
export function reportFileType(fileType: string | null | undefined): ReportFileType | null {
  const type = (fileType ?? "").trim().toLowerCase().replace(/^\./, "");
  return Object.hasOwn(CONTENT_TYPES, type) ? (type as ReportFileType) : null;
}

export function contentTypeOf(type: ReportFileType): string {
  return CONTENT_TYPES[type];
}

export function previewKindOf(type: ReportFileType): PreviewKind {
  return type === "pdf" ? "pdf" : "image";
}

/**
 * The name the browser saves the file under: the stored name reduced to safe characters, with the
 * extension of its type; never a path.
 */
export function downloadFileName(storedName: string, type: ReportFileType, reportId: number): string {
  const base = (storedName.split(/[\\/]/).pop() ?? "")
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._-]+/, "")
    .slice(0, 120);
  return `${base || `report-${reportId}`}.${type}`;
}

export function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  return `${kind}; filename="${fileName}"`;
}
