import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { formatInstant } from "~/lib/date-format";
import { notFound } from "~/lib/not-found";
import { parseRecordId } from "~/lib/record-id";
import { canUseQuoteArea } from "~/modules/quotes/quote-access.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { documentBack, documentDownloadHref, documentTitle } from "./document-links";
import { prettyDocument } from "./pretty-document";
import { findWorkflowDocument } from "./workflow-document.server";

export interface DocumentViewData {
  id: number;
  title: string;
  timestamp: string;
  direction: string;
  /** The stored message, XML and JSON indented; "" when none is stored. */
  content: string;
  downloadHref: string | null;
  backHref: string;
}

/** The document viewer: '{MessageType} message details for {transactionType}', its contents and its download. */
export async function loadDocumentView(request: Request, signedIn: SignedIn, documentIdParam: string | undefined): Promise<DocumentViewData> {
  const documentId = parseRecordId(documentIdParam);
  if (documentId === null) notFound();
  const [scope, quoteArea, { timeZone }] = await Promise.all([
    providerScopeOf(signedIn.user),
    canUseQuoteArea(signedIn),
    userTimeZone(request, signedIn.user.id),
  ]);
  const document = await findWorkflowDocument(documentId, scope, quoteArea);
  if (!document) notFound();
  return {
    id: document.id,
    title: documentTitle(document.messageType, document.transactionType),
    timestamp: formatInstant(document.createdTimestamp, timeZone, "detail"),
    direction: document.messageDirection,
    content: prettyDocument(document.messageContent ?? "", document.contentType),
    downloadHref: document.messageContent === null ? null : documentDownloadHref(document.id),
    backHref: documentBack(new URL(request.url).searchParams.get("back")),
  };
}
