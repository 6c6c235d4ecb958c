import { safeReturnTo, type ReturnPathArea } from "~/auth/return-to";
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

/** Where the preview page's Back button may lead: a transaction, service or quote detail view, or the Scan Results table (an expanded row's Reports). */
const DETAIL_VIEW_PATH = /^\/transactions\/(?:services\/|quotes\/)?\d{1,12}$/;
const previewBackArea: ReturnPathArea = (pathname) => DETAIL_VIEW_PATH.test(pathname) || pathname === SCAN_RESULTS_PATH;

/** The ?back= of the preview page when it leads to one of those, else the transaction's Reports tab. */
export function previewBackLink(back: string | null, scanRequestId: number): string {
  return safeReturnTo(back, `/transactions/${scanRequestId}?tab=reports`, previewBackArea);
}

/** The current URL with ?sf= set to a special function's script number, or removed (null). */
export function withSpecialFunction(pathname: string, search: string, scriptNumber: string | null): string {
  const params = new URLSearchParams(search);
  if (scriptNumber === null) params.delete("sf");
  else params.set("sf", scriptNumber);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}
