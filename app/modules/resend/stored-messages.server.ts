import { getDb } from "~/db/db.server";

/** What the portal sent CCC ONE last time for a transaction: what a resend sends again. */
export interface StoredMessage {
  content: string;
  contentType: string | null;
  appId: string | null;
}

export type ResentDocumentType = "DIAGNOSTIC_REPORT" | "INVOICE";

/** The latest OUTBOUND request document of this type (by created time, then id), or null. */
export async function latestSentMessage(scanRequestId: number, transactionType: ResentDocumentType): Promise<StoredMessage | null> {
  const row = await getDb()
    .selectFrom("transactionDocuments")
    .select(["messageContent", "contentType", "appId"])
    .where("scanRequestId", "=", scanRequestId)
    .where("transactionType", "=", transactionType)
    .where("messageDirection", "=", "OUTBOUND")
    .where("messageType", "=", "request")
    .where("messageContent", "is not", null)
    .orderBy("createdTimestamp", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row?.messageContent) return null;
  return { content: row.messageContent, contentType: row.contentType, appId: row.appId };
}
