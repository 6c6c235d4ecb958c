import { z } from "zod";
import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDb } from "~/db/db.server";
import type { FilterOption, GridDefinition } from "~/grid/definition";
import { querySearch } from "~/grid/query-parts";
import { readRememberedQuery } from "~/grid/remembered-query.server";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { readPreference, writePreference } from "~/platform/preferences/preference-store.server";

/**
 * The user's one preferred provider (dashboards spec §4: "The chosen provider is remembered and
 * reused across screens"; decisions 0048, 0065): the provider last chosen on a screen that
 * chooses one (the KPI Dashboard, the Adoption report), which every screen that starts on a
 * provider opens on (those two and the Feedbacks/Errors log). The screens' own remembered
 * queries never hold the provider (GridFilter.remembered), so a bare visit cannot bring back, nor
 * write back, an older one. A provider-only user is locked to their own provider: nothing is
 * read or stored for them.
 */
export interface ProviderChooser {
  userId: string;
  scope: ProviderScope;
  /** The providers the user may choose (the screen's selector). */
  offered: readonly FilterOption[];
}

/** Stored as a number; older rows and the seed may hold the id as a string of digits. */
const storedProviderSchema = z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/)]).transform(Number);

function isOffered(chooser: ProviderChooser, provider: number): boolean {
  return chooser.offered.some((option) => option.value === String(provider));
}

function readStoredProvider(userId: string): Promise<number | null> {
  return readPreference(userId, PREFERENCE_KEYS.preferredProvider, storedProviderSchema);
}

/** The preferred provider while the user may still choose it, else null (none, or all providers). */
export async function preferredProvider(chooser: ProviderChooser): Promise<number | null> {
  if (chooser.scope.restricted) return null;
  const stored = await readStoredProvider(chooser.userId);
  return stored !== null && isOffered(chooser, stored) ? stored : null;
}

/**
 * Remembers the provider a user chose on a screen that chooses one (null: all providers, which
 * forgets the preference). A provider the user may not choose is no choice. Written only when it
 * differs from what is stored, so showing a screen is not a write per visit.
 */
export async function rememberChosenProvider(chooser: ProviderChooser, chosen: number | null, now = new Date()): Promise<void> {
  if (chooser.scope.restricted || (chosen !== null && !isOffered(chooser, chosen))) return;
  const stored = await readStoredProvider(chooser.userId);
  if (chosen === stored) return;
  const db = getDb();
  if (chosen === null) {
    await db.deleteFrom("userPreferences").where("userId", "=", chooser.userId).where("prefKey", "=", PREFERENCE_KEYS.preferredProvider).execute();
    return;
  }
  await writePreference(db, chooser.userId, PREFERENCE_KEYS.preferredProvider, chosen, now);
}

/**
 * Where a bare visit of a grid screen that opens on the preferred provider goes: the grid's own
 * remembered query (filters, months, columns) with the preferred provider as `filterId`, first as
 * the grid writes its filters. Null when there is no preferred provider: the grid opens as it
 * would (its remembered query, else its defaults).
 */
export async function preferredProviderSearch(chooser: ProviderChooser, definition: GridDefinition, filterId: string): Promise<string | null> {
  const [provider, remembered] = await Promise.all([preferredProvider(chooser), readRememberedQuery(chooser.userId, definition)]);
  if (provider === null) return null;
  const params = new URLSearchParams([[filterId, String(provider)]]);
  for (const [name, value] of new URLSearchParams(remembered ?? "")) if (name !== filterId) params.append(name, value);
  return querySearch(params);
}
