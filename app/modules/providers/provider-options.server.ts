import { sql, type SqlBool } from "kysely";
import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDb } from "~/db/db.server";
import type { FilterOption } from "~/grid/definition";

/** Spec §5: the provider list for selection leaves out providers not on version 2.0 and the one with code AHMC. */
export const SELECTABLE_PROVIDER_VERSION = "2.0";
export const EXCLUDED_PROVIDER_CODE = "AHMC";

/** How an inactive provider is named in a list (decision 0047). */
export function providerOptionLabel(providerName: string, isActive: number): string {
  return isActive === 1 ? providerName : `${providerName} (Inactive)`;
}

/**
 * The providers the grids' provider filters offer, read on every request (a provider added or made
 * inactive shows on the next one). An inactive provider stays, labelled as such: its past
 * transactions, quotes and registrations are still searched by it (decision 0047).
 */
export async function selectableProviderOptions(): Promise<FilterOption[]> {
  const rows = await getDb().selectFrom("providers").select(["providerId", "providerName", "isActive"]).where(isSelectableProvider()).execute();
  return byProviderName(rows.map((row) => ({ value: String(row.providerId), label: providerOptionLabel(row.providerName, row.isActive) })));
}

/** A providers row one can choose (spec §5): on version 2.0 and not AHMC. Both columns are NOT NULL. */
function isSelectableProvider() {
  return sql<SqlBool>`${sql.ref("providers.version")} = ${SELECTABLE_PROVIDER_VERSION} and ${sql.ref("providers.providerCd")} <> ${EXCLUDED_PROVIDER_CODE}`;
}

/**
 * The ids of the providers one cannot choose, as a subquery: what "every provider" leaves out on
 * the dashboard and its Shop List (decision 0064). The complement of selectableProviderOptions.
 */
export function nonSelectableProviderIds() {
  return getDb()
    .selectFrom("providers")
    .select("providers.providerId")
    .where(sql<SqlBool>`not (${isSelectableProvider()})`);
}

const NAME_ORDER = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * Every provider list is in one order, by name (then id): sorted here rather than in SQL, whose
 * collation differs between SQLite and PostgreSQL, and so that a configured list (QUOTE_FILTER_OPTIONS)
 * reads the same as the providers table.
 */
export function byProviderName(options: readonly FilterOption[]): FilterOption[] {
  return [...options].sort((a, b) => NAME_ORDER.compare(a.label, b.label) || NAME_ORDER.compare(a.value, b.value));
}

/**
 * The provider filter's options for a user: the configured list when there is one, else every
 * selectable provider. A provider-only user gets only their own provider (their filter is locked
 * to it): no other provider's name or id reaches their pages.
 */
export async function providerFilterOptions(scope: ProviderScope, configured: readonly FilterOption[] = []): Promise<FilterOption[]> {
  if (scope.restricted) {
    const own = String(scope.providerId);
    return [{ value: own, label: configured.find((option) => option.value === own)?.label ?? scope.providerName ?? "Your provider" }];
  }
  return configured.length > 0 ? byProviderName(configured) : selectableProviderOptions();
}

/** The lock a provider-only user's grids get: the provider filter fixed to their provider. */
export function providerLock(scope: ProviderScope, filterId = "provider"): Record<string, string[]> {
  return scope.restricted ? { [filterId]: [String(scope.providerId)] } : {};
}
