import { z } from "zod";
import { getDb } from "~/db/db.server";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { readPreference, writePreference } from "~/platform/preferences/preference-store.server";
import { unrememberedParams, type GridDefinition } from "./definition";
import { withoutParams } from "./query-parts";

/**
 * The last query a user ran on a grid (preference gridFilters:<grid id>), so that opening the grid
 * without a query brings it back (spec: filters remembered between visits). The page (number or cursor) and
 * the expanded row (with its own parameters) and the open panel are left out: they belong to one
 * look at the data, not to the query. So are the switches only the address may hold (`trust=Y`,
 * GridParam.remembered): left out when stored, and dropped when read, so a value stored before
 * (decision 0063) never brings one back and is rewritten without it on the next visit.
 */
const FORGOTTEN_PARAMS = ["page", "cursor", "expanded", "panel"] as const;
const rememberedSchema = z.string().max(20_000);

export function rememberedPart(search: string, gridParams: readonly string[] = []): string {
  return withoutParams(search, [...FORGOTTEN_PARAMS, ...gridParams]);
}

export interface RememberedQuery {
  /** The text stored, as it is (null: none): what a new query is compared with before it is written. */
  stored: string | null;
  /** The query to bring back: the stored one without what is never remembered (null: none). */
  query: string | null;
}

export async function readRemembered(userId: string, definition: GridDefinition): Promise<RememberedQuery> {
  const stored = await readPreference(userId, PREFERENCE_KEYS.gridFilters(definition.id), rememberedSchema);
  return { stored, query: stored === null ? null : rememberedPart(stored, unrememberedParams(definition)) };
}

/** The query a bare grid URL brings back, or null when the user has none. */
export async function readRememberedQuery(userId: string, definition: GridDefinition): Promise<string | null> {
  return (await readRemembered(userId, definition)).query;
}

/** Stores the query when it differs from what is stored (most page loads write nothing). */
export async function rememberQuery(userId: string, definition: GridDefinition, search: string, stored: string | null, now: Date): Promise<void> {
  const value = rememberedPart(search, unrememberedParams(definition));
  if (value === stored) return;
  await writePreference(getDb(), userId, PREFERENCE_KEYS.gridFilters(definition.id), value, now);
}
