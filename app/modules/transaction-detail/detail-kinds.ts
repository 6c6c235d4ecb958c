import { exactPaths, safeReturnTo } from "~/auth/return-to";
import { BACK_PARAM } from "~/grid/back-links";
import { SCAN_RESULTS_PATH } from "~/modules/scan-results/grid";

/**
 * The three detail views (spec §2 routes transactionDetailsMain, servicesDetails, quoteDetails):
 * where each lives and which grid its Back button returns to.
 */
export type DetailKind = "transaction" | "service" | "quote";

export const DETAIL_KINDS: Record<DetailKind, { detailPath: string; gridPath: string; otherGridPaths?: readonly string[] }> = {
  // The Scan Results table's Request ID opens these views too (by the request's type); Back returns there.
  transaction: { detailPath: "/transactions", gridPath: "/transactions", otherGridPaths: [SCAN_RESULTS_PATH] },
  service: { detailPath: "/transactions/services", gridPath: "/transactions/services", otherGridPaths: [SCAN_RESULTS_PATH] },
  quote: { detailPath: "/transactions/quotes", gridPath: "/transactions/quotes" },
};

/**
 * Where Back goes: the grid in `back` when it is one of this view's grids on this origin (its query
 * kept), else this view's own grid without a query (which brings back the user's remembered filters).
 */
export function backTarget(kind: DetailKind, raw: string | null): string {
  const { gridPath, otherGridPaths = [] } = DETAIL_KINDS[kind];
  return safeReturnTo(raw, gridPath, exactPaths(gridPath, ...otherGridPaths)).replace(/#.*$/, "");
}

/** A detail view's URL, with the grid to go back to. */
export function detailHref(kind: DetailKind, id: number | string, back?: string): string {
  const path = `${DETAIL_KINDS[kind].detailPath}/${id}`;
  return back ? `${path}?${new URLSearchParams({ [BACK_PARAM]: back }).toString()}` : path;
}
