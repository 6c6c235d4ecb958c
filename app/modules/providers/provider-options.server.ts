import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDb } from "~/db/db.server";
import type { FilterOption } from "~/grid/definition";

/** Spec §5: the provider list for selection leaves out providers not on version 2.0 and the one with code AHMC. */
export const SELECTABLE_PROVIDER_VERSION = "2.0";
export const EXCLUDED_PROVIDER_CODE = "AHMC";

export async function selectableProviderOptions(): Promise<FilterOption[]> {
  const rows = await getDb()
    .selectFrom("providers")
    .select(["providerId", "providerName"])
    .where("version", "=", SELECTABLE_PROVIDER_VERSION)
    .where("providerCd", "!=", EXCLUDED_PROVIDER_CODE)
    .orderBy("providerName")
    .orderBy("providerId")
    .execute();
  return rows.map((row) => ({ value: String(row.providerId), label: row.providerName }));
}

/** The provider filter of a user: a provider-only user's own provider is always there (it is locked to it). */
export function withOwnProvider(options: FilterOption[], scope: ProviderScope): FilterOption[] {
  if (!scope.restricted) return options;
  const own = String(scope.providerId);
  if (options.some((option) => option.value === own)) return options;
  return [{ value: own, label: scope.providerName ?? "Your provider" }, ...options];
}

/** The lock a provider-only user's grids get: the provider filter fixed to their provider. */
export function providerLock(scope: ProviderScope, filterId = "provider"): Record<string, string[]> {
  return scope.restricted ? { [filterId]: [String(scope.providerId)] } : {};
}
