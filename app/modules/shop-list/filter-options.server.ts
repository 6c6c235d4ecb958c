import type { ProviderScope } from "~/auth/provider-scope.server";
import type { FilterOption } from "~/grid/definition";
import { providerFilterOptions } from "~/modules/providers/provider-options.server";
import { lenientCodes } from "~/modules/transactions/filter-options-config";
import { readJsonConfiguration } from "~/platform/configuration/json-configuration.server";
import { NO_PROVIDER_STATUS } from "./grid";
import { SCANNED_FILTER, scannedPeriodOptions } from "./scanned-periods";

export const PROVIDER_STATUS_OPTIONS_KEY = "PROVIDER_STATUS_OPTIONS";

/** The configured provider statuses, then 'NA' (none) unless the configuration already lists it. */
async function providerStatusOptions(): Promise<FilterOption[]> {
  const configured = (await readJsonConfiguration(PROVIDER_STATUS_OPTIONS_KEY, lenientCodes)) ?? [];
  const values = configured.includes(NO_PROVIDER_STATUS) ? configured : [...configured, NO_PROVIDER_STATUS];
  return values.map((value) => ({ value, label: value }));
}

/** The Shop List's run-time options: the user's providers (a provider-only user's own), the provider statuses and the dashboard's periods. */
export async function loadShopListFilterOptions(scope: ProviderScope): Promise<Record<string, FilterOption[]>> {
  const [provider, providerStatus] = await Promise.all([providerFilterOptions(scope), providerStatusOptions()]);
  return { provider, providerStatus, [SCANNED_FILTER]: scannedPeriodOptions() };
}
