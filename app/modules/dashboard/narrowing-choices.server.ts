import { getDb } from "~/db/db.server";
import type { FilterOption } from "~/grid/definition";
import { readCodeLabels, type CodeLabel } from "~/platform/configuration/configuration-values.server";
import type { NarrowingLists } from "./kpi-cards";

/** The spec's filter lists (§3): 'All Makes' and 'All Provider Types' first, with empty codes. */
export const ALL_MAKES: FilterOption = { value: "", label: "All Makes" };
export const ALL_PROVIDER_TYPES: FilterOption = { value: "", label: "All Provider Types" };

function codesOf(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((code): code is string => typeof code === "string" && code.length > 0) : [];
  } catch {
    return [];
  }
}

/** The codes offered, labelled from configuration (a code it does not know shows as itself), by label. */
function labelled(codes: readonly string[], labels: readonly CodeLabel[]): FilterOption[] {
  const labelOf = new Map(labels.map((entry) => [entry.code, entry.label || entry.code]));
  return [...new Set(codes)].map((code) => ({ value: code, label: labelOf.get(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The make and provider-scan-type choices of the chosen provider (its `vehicle_makes` and
 * `scan_types`), or for every provider the whole configured lists (ALL_VEHICLE_MAKES,
 * ALL_PROVIDER_SCAN_TYPES). The scan requests hold the same codes, so a choice matches its rows.
 */
export async function narrowingLists(provider: number | null): Promise<NarrowingLists> {
  const [makeLabels, scanTypeLabels, row] = await Promise.all([
    readCodeLabels("ALL_VEHICLE_MAKES"),
    readCodeLabels("ALL_PROVIDER_SCAN_TYPES"),
    provider === null
      ? Promise.resolve(undefined)
      : getDb().selectFrom("providers").select(["vehicleMakes", "scanTypes"]).where("providerId", "=", provider).executeTakeFirst(),
  ]);
  const makes = provider === null ? makeLabels.map((entry) => entry.code) : codesOf(row?.vehicleMakes ?? null);
  const scanTypes = provider === null ? scanTypeLabels.map((entry) => entry.code) : codesOf(row?.scanTypes ?? null);
  return { makes: [ALL_MAKES, ...labelled(makes, makeLabels)], providerScanTypes: [ALL_PROVIDER_TYPES, ...labelled(scanTypes, scanTypeLabels)] };
}
