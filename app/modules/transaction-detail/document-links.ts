import { pathAndBelow, safeReturnTo } from "~/auth/return-to";
import { BACK_PARAM } from "~/grid/back-links";

/** The workflow document viewer's addresses: a page (and a dialog with JavaScript) and a download. */
export const DOCUMENTS_PATH = "/transactions/documents";

export function documentHref(documentId: number, back: string): string {
  return `${DOCUMENTS_PATH}/${documentId}?${new URLSearchParams({ [BACK_PARAM]: back }).toString()}`;
}

export function documentDownloadHref(documentId: number): string {
  return `${DOCUMENTS_PATH}/${documentId}/download`;
}

/** The stored message as the viewer shows it: XML and JSON indented (pretty-document.ts), as plain text. */
export function documentFormattedHref(documentId: number): string {
  return `${DOCUMENTS_PATH}/${documentId}/formatted`;
}

/** The viewer's Back: the detail view it was opened from (a /transactions path), else the transactions grid. */
export function documentBack(raw: string | null): string {
  return safeReturnTo(raw, "/transactions", pathAndBelow("/transactions"));
}

/** '{MessageType} message details for {transactionType}' (spec §2), the message type capitalised. */
export function documentTitle(messageType: string, transactionType: string): string {
  const type = messageType ? `${messageType[0].toUpperCase()}${messageType.slice(1)}` : messageType;
  return `${type} message details for ${transactionType}`;
}

/** The downloaded file's name, chosen by the server from the document's own fields. */
export function documentFileName(document: { id: number; transactionType: string; messageType: string; contentType: string | null }): string {
  const extension = document.contentType?.includes("xml") ? "xml" : document.contentType?.includes("json") ? "json" : "txt";
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, "_");
  return `${safe(document.transactionType)}-${safe(document.messageType)}-${document.id}.${extension}`;
}

/** The content type a stored document is served with. */
export function documentContentType(contentType: string | null): string {
  if (contentType?.includes("xml")) return "application/xml; charset=utf-8";
  if (contentType?.includes("json")) return "application/json; charset=utf-8";
  return "text/plain; charset=utf-8";
}
