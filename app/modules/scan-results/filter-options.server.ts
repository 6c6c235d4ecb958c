import { z } from "zod";
import type { ProviderScope } from "~/auth/provider-scope.server";
import type { FilterOption } from "~/grid/definition";
import { providerFilterOptions } from "~/modules/providers/provider-options.server";
import { lenientCodes, TRANSACTION_FILTER_OPTIONS_KEY } from "~/modules/transactions/filter-options-config";
import { readJsonConfiguration } from "~/platform/configuration/json-configuration.server";

const statusOptionsSchema = z.object({ statusOptions: lenientCodes.default([]) });

/**
 * The Scan Results filters' run-time options: the selectable providers (a provider-only user's own
 * only) and the process statuses of TRANSACTION_FILTER_OPTIONS
 * (a scan response carries its request's process status).
 */
export async function loadScanResultFilterOptions(scope: ProviderScope): Promise<Record<string, FilterOption[]>> {
  const [providers, configured] = await Promise.all([providerFilterOptions(scope), readJsonConfiguration(TRANSACTION_FILTER_OPTIONS_KEY, statusOptionsSchema)]);
  return {
    provider: providers,
    status: (configured?.statusOptions ?? []).map((status) => ({ value: status, label: status })),
  };
}
