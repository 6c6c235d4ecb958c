import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDb } from "~/db/db.server";

/**
 * One workflow document with its contents, or null when there is none, when a provider-only user
 * may not see its request or quote, or when it belongs to a quote and the user may not use the
 * quote area: the same answer for all.
 */
export async function findWorkflowDocument(documentId: number, scope: ProviderScope, quoteArea: boolean) {
  let query = getDb()
    .selectFrom("transactionDocuments as d")
    .leftJoin("scanRequests as sr", "sr.scanRequestId", "d.scanRequestId")
    .leftJoin("quotes as q", "q.quoteId", "d.quoteId")
    .select([
      "d.id",
      "d.scanRequestId",
      "d.quoteId",
      "d.createdTimestamp",
      "d.messageDirection",
      "d.transactionType",
      "d.messageType",
      "d.contentType",
      "d.messageContent",
    ])
    .where("d.id", "=", documentId);
  if (scope.restricted) {
    const providerId = scope.providerId;
    query = query.where((eb) => eb.or([eb("sr.providerId", "=", providerId), eb("q.providerId", "=", providerId)]));
  }
  const row = await query.executeTakeFirst();
  if (!row) return null;
  if (row.scanRequestId === null && (row.quoteId === null || !quoteArea)) return null;
  return row;
}

export type WorkflowDocument = NonNullable<Awaited<ReturnType<typeof findWorkflowDocument>>>;

/** One quote attachment, in the user's provider scope; null when unknown or not theirs. */
export async function findQuoteAttachment(quoteId: number, attachmentId: number, scope: ProviderScope) {
  let query = getDb()
    .selectFrom("quoteAttachments as a")
    .innerJoin("quotes as q", "q.quoteId", "a.quoteId")
    .select(["a.id", "a.fileName", "a.fileType", "a.storageKey"])
    .where("a.id", "=", attachmentId)
    .where("a.quoteId", "=", quoteId);
  if (scope.restricted) query = query.where("q.providerId", "=", scope.providerId);
  return (await query.executeTakeFirst()) ?? null;
}
