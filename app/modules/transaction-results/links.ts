import { safeReturnTo } from "~/auth/return-to";
import { SCAN_RESULTS_PATH } from "~/modules/scan-results/grid";

/** URLs of the report files, the report preview page and the special-function info route. */

export function reportFileUrl(scanRequestId: number, reportId: number, download = false): string {
  return `/transactions/${scanRequestId}/reports/${reportId}/file${download ? "?download=1" : ""}`;
}

export function reportPreviewUrl(scanRequestId: number, reportId: number, back?: string): string {
  const path = `/transactions/${scanRequestId}/reports/${reportId}`;
  return back ? `${path}?${new URLSearchParams({ back })}` : path;
}

export function specialFunctionInfoUrl(scanRequestId: number, scriptNumber: string): string {
  return `/transactions/${scanRequestId}/special-functions/${encodeURIComponent(scriptNumber)}`;
}

/** Where the preview page's Back button may lead: a transaction, service or quote detail view. */
const DETAIL_VIEW = /^\/transactions\/(?:services\/|quotes\/)?\d{1,12}(?:\?[A-Za-z0-9=&_.%-]{0,200})?$/;

/** The ?back= of the preview page when it is a detail view of the portal or the Scan Results table (an expanded row's Reports), else the transaction's Reports tab. */
export function previewBackLink(back: string | null, scanRequestId: number): string {
  if (back && DETAIL_VIEW.test(back)) return back;
  if (back && isScanResultsTable(back)) return back;
  return `/transactions/${scanRequestId}?tab=reports`;
}

function isScanResultsTable(back: string): boolean {
  const safe = safeReturnTo(back, "");
  return safe === back && (safe === SCAN_RESULTS_PATH || safe.startsWith(`${SCAN_RESULTS_PATH}?`));
}

/** The current URL with ?sf= set to a special function's script number, or removed (null). */
export function withSpecialFunction(pathname: string, search: string, scriptNumber: string | null): string {
  const params = new URLSearchParams(search);
  if (scriptNumber === null) params.delete("sf");
  else params.set("sf", scriptNumber);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}
