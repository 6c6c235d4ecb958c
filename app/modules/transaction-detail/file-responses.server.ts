import { createReadableStreamFromReadable } from "@remix-run/node";
import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { getFileStorage } from "~/integrations/file-storage.server";
import { isValidStorageKey } from "~/integrations/storage.server";
import { contentDisposition as disposition } from "~/lib/content-disposition";
import { notFound } from "~/lib/not-found";
import { parseRecordId } from "~/lib/record-id";
import { canUseQuoteArea } from "~/modules/quotes/quote-access.server";
import { attachmentContentType, attachmentFileName } from "./attachment-links";
import { documentContentType, documentFileName } from "./document-links";
import { prettyDocument } from "./pretty-document";
import { findQuoteAttachment, findWorkflowDocument } from "./workflow-document.server";

/** X-Content-Type-Options: nosniff comes with every response of the server (app/lib/security-headers.server.ts); a second copy here would repeat it. */
const COMMON_HEADERS = { "Cache-Control": "private, no-store" };

/** A workflow document's contents as a download; the 404 page when the user may not see it or it has none. */
export async function workflowDocumentDownload(signedIn: SignedIn, documentIdParam: string | undefined): Promise<Response> {
  const documentId = parseRecordId(documentIdParam);
  if (documentId === null) notFound();
  const [scope, quoteArea] = await Promise.all([providerScopeOf(signedIn.user), canUseQuoteArea(signedIn)]);
  const document = await findWorkflowDocument(documentId, scope, quoteArea);
  if (!document || document.messageContent === null) notFound();
  return new Response(document.messageContent, {
    headers: {
      ...COMMON_HEADERS,
      "Content-Type": documentContentType(document.contentType),
      "Content-Disposition": disposition("attachment", documentFileName(document)),
    },
  });
}

/** A workflow document as the viewer shows it (XML and JSON indented), for the viewer's dialog; the same 404 as the download. */
export async function workflowDocumentFormatted(signedIn: SignedIn, documentIdParam: string | undefined): Promise<Response> {
  const documentId = parseRecordId(documentIdParam);
  if (documentId === null) notFound();
  const [scope, quoteArea] = await Promise.all([providerScopeOf(signedIn.user), canUseQuoteArea(signedIn)]);
  const document = await findWorkflowDocument(documentId, scope, quoteArea);
  if (!document || document.messageContent === null) notFound();
  return new Response(prettyDocument(document.messageContent, document.contentType), {
    headers: { ...COMMON_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A quote attachment's file, inline to view or as a download, with a name and type chosen here; never a path from the request. */
export async function quoteAttachmentFile(
  signedIn: SignedIn,
  quoteIdParam: string | undefined,
  attachmentIdParam: string | undefined,
  download: boolean,
): Promise<Response> {
  const quoteId = parseRecordId(quoteIdParam);
  const attachmentId = parseRecordId(attachmentIdParam);
  if (quoteId === null || attachmentId === null) notFound();
  const attachment = await findQuoteAttachment(quoteId, attachmentId, await providerScopeOf(signedIn.user));
  if (!attachment?.storageKey || !isValidStorageKey(attachment.storageKey)) notFound();
  const file = await getFileStorage().openReadStream(attachment.storageKey);
  if (!file) notFound();
  return new Response(createReadableStreamFromReadable(file.stream), {
    headers: {
      ...COMMON_HEADERS,
      "Content-Type": attachmentContentType(attachment.fileType),
      "Content-Length": String(file.size),
      "Content-Disposition": disposition(download ? "attachment" : "inline", attachmentFileName(attachment.fileName, attachment.id)),
    },
  });
}
