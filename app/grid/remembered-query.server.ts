import { z } from "zod";
import { getDb } from "~/db/db.server";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { readPreference, writePreference } from "~/platform/preferences/preference-store.server";
import { expandedRowParams, type GridDefinition } from "./definition";
import { withoutParams } from "./query-parts";

/**
 * The last query a user ran on a grid (preference gridFilters:<grid id>), so that opening the grid
 * without a query brings it back (spec: filters remembered between visits). The page (number or cursor) and
 * the expanded row (with its own parameters) and the open panel are left out: they belong to one
 * look at the data, not to the query.
 */
const FORGOTTEN_PARAMS = ["page", "cursor", "expanded", "panel"] as const;
const rememberedSchema = z.string().max(20_000);

export function rememberedPart(search: string, rowParams: readonly string[] = []): string {
  return withoutParams(search, [...FORGOTTEN_PARAMS, ...rowParams]);
}

export function readRememberedQuery(userId: string, gridId: string): Promise<string | null> {
  return readPreference(userId, PREFERENCE_KEYS.gridFilters(gridId), rememberedSchema);
}

/** Stores the query when it differs from what is stored (most page loads write nothing). */
export async function rememberQuery(userId: string, definition: GridDefinition, search: string, stored: string | null, now: Date): Promise<void> {
  const value = rememberedPart(search, expandedRowParams(definition));
  if (value === stored) return;
  await writePreference(getDb(), userId, PREFERENCE_KEYS.gridFilters(definition.id), value, now);
}
