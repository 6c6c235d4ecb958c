import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDb } from "~/db/db.server";

/** The shop's name and contact details (shops as s) that the header card of every view shows. */
const SHOP_CONTACT_COLUMNS = ["s.custName", "s.primaryEmail", "s.tlcmAreaCd", "s.tlcmNum", "s.addrLine1", "s.city", "s.stateCd", "s.zip"] as const;

/**
 * One scan request with everything its detail view shows: the request, its details, response,
 * invoice, shop and provider. Null when there is no such request, when a provider-only user may not
 * see it (another provider's), or when it is not of the asked type: the same answer for all three.
 */
export async function findScanRequestRecord(scanRequestId: number, scope: ProviderScope, requestType?: "services") {
  let query = getDb()
    .selectFrom("scanRequests as sr")
    .innerJoin("providers as p", "p.providerId", "sr.providerId")
    .leftJoin("scanRequestDetails as d", "d.scanRequestId", "sr.scanRequestId")
    .leftJoin("scanResponses as r", "r.scanRequestId", "sr.scanRequestId")
    .leftJoin("invoices as i", "i.scanRequestId", "sr.scanRequestId")
    .leftJoin("shops as s", "s.repairFacilityId", "sr.shopId")
    .select([
      "sr.scanRequestId",
      "sr.scanResponseId",
      "sr.providerId",
      "p.providerName",
      "sr.providerScanStatus",
      "sr.shopId",
      "sr.shopName",
      "sr.licenseNo",
      "sr.vin",
      "sr.year",
      "sr.make",
      "sr.model",
      "sr.bodyStyle",
      "sr.engine",
      "sr.scanType",
      "sr.scanPhase",
      "sr.status",
      "sr.invoiceStatus",
      "sr.quoteId",
      "sr.serviceUid",
      "sr.type",
      "d.scanStartTimeStamp",
      "d.scanEndTimeStamp",
      "d.createdUserId",
      "d.scanResultReceivedTimestamp",
      "d.responseWaitTime",
      "d.providerStatus",
      "d.ccconeResponse",
      "d.ccconeResponseStatus",
      "d.comments",
      "d.retryCount",
      "r.primaryImpactCd",
      "r.secondaryImpactCd",
      "i.invoiceId",
      "i.createdDateTime as invoiceCreatedDateTime",
      "i.invoiceStatus as invoiceRecordStatus",
      "i.retryCount as invoiceRetryCount",
      "i.invoiceListPrice",
      "i.invoiceNetPrice",
      "i.invoiceTaxPrice",
      "i.invoiceResponse",
      ...SHOP_CONTACT_COLUMNS,
    ])
    .where("sr.scanRequestId", "=", scanRequestId);
  if (scope.restricted) query = query.where("sr.providerId", "=", scope.providerId);
  if (requestType) query = query.where("sr.type", "=", requestType);
  return (await query.executeTakeFirst()) ?? null;
}

export type ScanRequestRecord = NonNullable<Awaited<ReturnType<typeof findScanRequestRecord>>>;

/** One quote with its shop and provider; null when unknown or another provider's for a provider-only user. */
export async function findQuoteRecord(quoteId: number, scope: ProviderScope) {
  let query = getDb()
    .selectFrom("quotes as q")
    .innerJoin("providers as p", "p.providerId", "q.providerId")
    .leftJoin("shops as s", "s.repairFacilityId", "q.shopId")
    .select([
      "q.quoteId",
      "q.scanRequestId",
      "q.providerId",
      "p.providerName",
      "q.shopId",
      "q.licenseNumber",
      "q.shopName",
      "q.repairOrderNumber",
      "q.workfileId",
      "q.vin",
      "q.year",
      "q.make",
      "q.model",
      "q.status",
      "q.providerRegistrationKey",
      "q.insuranceCompanyNm",
      "q.insuranceCompanyCd",
      "q.documentId",
      ...SHOP_CONTACT_COLUMNS,
    ])
    .where("q.quoteId", "=", quoteId);
  if (scope.restricted) query = query.where("q.providerId", "=", scope.providerId);
  return (await query.executeTakeFirst()) ?? null;
}

export type QuoteRecord = NonNullable<Awaited<ReturnType<typeof findQuoteRecord>>>;
