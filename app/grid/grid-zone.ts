import { canonicalTimeZone } from "~/lib/time-zone";
import type { GridDefinition } from "./definition";

/**
 * The zone a grid's explicit dates are in (decision 0032). A URL with `from`/`to` also carries `tz`,
 * so a shared link shows the same days, and so the same rows, to a viewer in another zone; a URL
 * without dates means "the last N days" of whoever opens it, in their own zone.
 */
export const TIME_ZONE_PARAM = "tz";

export function hasExplicitDates(params: URLSearchParams): boolean {
  return Boolean(params.get("from")?.trim() || params.get("to")?.trim());
}

/** The zone a request's grid works in: the URL's `tz` when it has explicit dates and a known zone, else the viewer's. */
export function gridTimeZone(definition: GridDefinition, params: URLSearchParams, viewerZone: string): string {
  if (!definition.dateRange || !hasExplicitDates(params)) return viewerZone;
  const named = params.get(TIME_ZONE_PARAM);
  return (named && canonicalTimeZone(named.trim())) || viewerZone;
}
