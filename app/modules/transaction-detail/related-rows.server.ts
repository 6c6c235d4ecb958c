import { getDb } from "~/db/db.server";

/** The rows a detail tab lists, each for an owner whose access the caller has already checked. */

export async function findInvoiceLines(invoiceId: string) {
  return getDb()
    .selectFrom("invoiceLineItems")
    .select(["lineNo", "serviceUid", "type", "description", "listPrice", "netPrice"])
    .where("invoiceId", "=", invoiceId)
    .orderBy("lineNo")
    .orderBy("id")
    .execute();
}

export async function findQuoteServiceLines(quoteId: number) {
  return getDb()
    .selectFrom("quoteServiceLines")
    .select([
      "id",
      "system",
      "subsystem",
      "location",
      "capable",
      "type",
      "category",
      "serviceUid",
      "cccProcedureId",
      "cccProcedureDesc",
      "retailPrice",
      "shopCost",
    ])
    .where("quoteId", "=", quoteId)
    .orderBy("id")
    .execute();
}

export async function findQuoteAttachments(quoteId: number) {
  return getDb()
    .selectFrom("quoteAttachments")
    .select(["id", "type", "fileType", "fileName", "storageKey"])
    .where("quoteId", "=", quoteId)
    .orderBy("createdDateTime")
    .orderBy("id")
    .execute();
}

export type WorkflowOwner = { scanRequestId: number } | { quoteId: number };

/** A request's or quote's workflow documents, oldest first (spec §3), without their contents. */
export async function findWorkflowDocuments(owner: WorkflowOwner) {
  let query = getDb().selectFrom("transactionDocuments").select(["id", "createdTimestamp", "messageDirection", "transactionType", "messageType"]);
  query = "scanRequestId" in owner ? query.where("scanRequestId", "=", owner.scanRequestId) : query.where("quoteId", "=", owner.quoteId);
  return query.orderBy("createdTimestamp").orderBy("id").execute();
}

export type WorkflowDocumentRow = Awaited<ReturnType<typeof findWorkflowDocuments>>[number];
