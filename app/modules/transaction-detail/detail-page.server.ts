import { redirect } from "@remix-run/node";
import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { notFound } from "~/lib/not-found";
import { parseRecordId } from "~/lib/record-id";
import { NOT_AVAILABLE, SUPPORT_CONTACT_KEY } from "~/modules/home/home-data.server";
import { canUseQuoteArea } from "~/modules/quotes/quote-access.server";
import { singleResendOptions } from "~/modules/resend/single-resend-rules.server";
import { readConfigurationValue } from "~/platform/configuration/configuration-values.server";
import { isSettingOn } from "~/platform/configuration/json-configuration.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { backTarget, DETAIL_KINDS, type DetailKind } from "./detail-kinds";
import { findQuoteServiceLines } from "./related-rows.server";
import { findQuoteRecord, findScanRequestRecord, type QuoteRecord, type ScanRequestRecord } from "./scan-request-record.server";
import { DETAIL_TABS, type DetailContext } from "./tab-loaders.server";
import { selectTab, showsResend, tabHref } from "./tabs";
import type { DetailPageData } from "./view-models";
import { quoteHeader, quoteItemsOf, requestHeader, serviceSummary } from "./views.server";

export const QUOTE_DETAILS_PAGE_BUTTON = "quoteDetailsPageButton";
export const QUOTE_ITEMS_IN_SUMMARY = "quoteItemsInSummary";

export function detailHeading(kind: DetailKind, id: number): string {
  return kind === "quote" ? `Diagnostics Quote ID: ${id}` : `Diagnostics Service Request ID: ${id}`;
}

/** The records of a view, in the user's provider scope; the 404 page when there are none. */
async function recordsOf(kind: DetailKind, id: number, signedIn: SignedIn, quoteArea: boolean) {
  const scope = await providerScopeOf(signedIn.user);
  let request: ScanRequestRecord | null;
  let quote: QuoteRecord | null;
  if (kind === "quote") {
    quote = await findQuoteRecord(id, scope);
    if (!quote) notFound();
    request = quote.scanRequestId === null ? null : await findScanRequestRecord(quote.scanRequestId, scope);
    return { request, quote, header: quoteHeader(quote, request) };
  }
  request = await findScanRequestRecord(id, scope, kind === "service" ? "services" : undefined);
  if (!request) notFound();
  quote = request.quoteId !== null && quoteArea ? await findQuoteRecord(request.quoteId, scope) : null;
  return { request, quote, header: requestHeader(request) };
}

/**
 * A transaction, service or quote detail view: header, Service Summary, the visible tabs and the
 * data of the selected one. An unknown id, or another provider's for a provider-only user, is the
 * 404 page; an unknown tab or section is corrected by a redirect.
 */
export async function loadDetailPage(request: Request, signedIn: SignedIn, kind: DetailKind, idParam: string | undefined): Promise<DetailPageData> {
  const id = parseRecordId(idParam);
  if (id === null) notFound();
  const [quoteArea, quoteDetailsPageButton, quoteItemsInSummary, { timeZone }, contact] = await Promise.all([
    canUseQuoteArea(signedIn),
    isSettingOn(QUOTE_DETAILS_PAGE_BUTTON),
    isSettingOn(QUOTE_ITEMS_IN_SUMMARY),
    userTimeZone(request, signedIn.user.id),
    readConfigurationValue(SUPPORT_CONTACT_KEY),
  ]);
  const records = await recordsOf(kind, id, signedIn, quoteArea);

  const url = new URL(request.url);
  const path = `${DETAIL_KINDS[kind].detailPath}/${id}`;
  const context: DetailContext = {
    kind,
    timeZone,
    self: `${path}${url.search}`,
    searchParams: url.searchParams,
    request: records.request,
    quote: records.quote,
    quoteDetailsPageButton,
    quoteArea,
  };
  const visible = DETAIL_TABS.filter((tab) => tab.visible(context));
  const selection = selectTab(
    visible.map((tab) => tab.entry),
    url.searchParams,
  );
  if (selection?.corrected) throw redirect(`${path}${tabHref(url.search, selection.tab.id, selection.section.id)}`);

  const selectedTab = selection ? visible.find((tab) => tab.entry.id === selection.tab.id) : undefined;
  const [active, quoteLines, resend] = await Promise.all([
    selectedTab && selection ? selectedTab.load(context, selection.section.id) : Promise.resolve(null),
    quoteItemsInSummary && records.quote ? findQuoteServiceLines(records.quote.quoteId) : Promise.resolve(null),
    // The rules and tokens only for the sections that show a resend button (and never on the quote view).
    kind !== "quote" && records.request && selection && showsResend(selection.tab.id, selection.section.id)
      ? singleResendOptions(signedIn.user, records.request.scanRequestId)
      : Promise.resolve(null),
  ]);

  return {
    kind,
    id,
    self: context.self,
    resend: resend?.tokens ?? { results: null, invoice: null },
    heading: detailHeading(kind, id),
    backHref: backTarget(kind, url.searchParams.get("back")),
    header: records.header,
    summary: serviceSummary(records.request, records.quote, quoteItemsInSummary ? quoteItemsOf(quoteLines ?? []) : null),
    supportContact: contact?.trim() || NOT_AVAILABLE,
    tabs: visible.map(({ entry }) => ({
      id: entry.id,
      label: entry.label,
      href: tabHref(url.search, entry.id, entry.sections[0].id),
      current: entry.id === selection?.tab.id,
    })),
    sections: (selection?.tab.sections ?? []).map((section) => ({
      id: section.id,
      label: section.label,
      href: tabHref(url.search, selection?.tab.id ?? "", section.id),
      current: section.id === selection?.section.id,
    })),
    active,
  };
}
