/** A quote attachment's view (inline) and download addresses. */
export function attachmentHref(quoteId: number, attachmentId: number, download = false): string {
  return `/transactions/quotes/${quoteId}/attachments/${attachmentId}${download ? "?download=1" : ""}`;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

/** The content type of an attachment's file type; unknown types are served as a download of bytes. */
export function attachmentContentType(fileType: string | null): string {
  return CONTENT_TYPES[(fileType ?? "").toLowerCase()] ?? "application/octet-stream";
}

/** The file name sent to the browser: the stored name reduced to safe characters. */
export function attachmentFileName(fileName: string, attachmentId: number): string {
  const safe = fileName.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._-]+/, "");
  return safe || `attachment-${attachmentId}`;
}
