import { z } from "zod";
import type { ProviderScope } from "~/auth/provider-scope.server";
import type { FilterOption } from "~/grid/definition";
import { providerFilterOptions } from "~/modules/providers/provider-options.server";
import { registeredShopOptions } from "~/modules/shops/registered-shop-options.server";
import { readCodeLabels, type CodeLabel } from "~/platform/configuration/configuration-values.server";
import { readJsonConfiguration } from "~/platform/configuration/json-configuration.server";
import { lenientCodes, PROVIDER_SCAN_STATUS_OPTIONS_KEY, TRANSACTION_FILTER_OPTIONS_KEY } from "./filter-options-config";

export { PROVIDER_SCAN_STATUS_OPTIONS_KEY, TRANSACTION_FILTER_OPTIONS_KEY };

const codes = lenientCodes;
const readSchema = z.object({
  statusOptions: codes.default([]),
  clientTypeOptions: codes.default([]),
  scanPhaseOptions: codes.default([]),
  invoiceStatusOptions: codes.default([]),
});

export interface TransactionFilterChoices {
  /** Run-time options of the Transactions and Services filters, by filter id. */
  options: Record<string, FilterOption[]>;
  /** The stored value of each lower-cased status value (the URL carries them lower-cased). */
  storedValues: { status: ReadonlyMap<string, string> };
}

const asIs = (values: readonly string[]): FilterOption[] => values.map((value) => ({ value, label: value }));
const byLabel = (entries: readonly CodeLabel[]): FilterOption[] =>
  entries.map((entry) => ({ value: entry.code, label: entry.label || entry.code })).sort((a, b) => a.label.localeCompare(b.label));

/**
 * Options from configuration (TRANSACTION_FILTER_OPTIONS, PROVIDER_SCAN_STATUS_OPTIONS sorted, the
 * makes and provider scan types of ALL_VEHICLE_MAKES and ALL_PROVIDER_SCAN_TYPES by label) and
 * from the database (selectable providers and registered shops, a provider-only user's own only). Process statuses travel
 * lower-cased (spec §5), so their values are lower-cased and mapped back to the stored ones.
 */
export async function loadTransactionFilterChoices(scope: ProviderScope): Promise<TransactionFilterChoices> {
  const [configured, providerStatuses, providers, shops, makes, providerScanTypes] = await Promise.all([
    readJsonConfiguration(TRANSACTION_FILTER_OPTIONS_KEY, readSchema),
    readJsonConfiguration(PROVIDER_SCAN_STATUS_OPTIONS_KEY, codes),
    providerFilterOptions(scope),
    registeredShopOptions(scope),
    readCodeLabels("ALL_VEHICLE_MAKES"),
    readCodeLabels("ALL_PROVIDER_SCAN_TYPES"),
  ]);
  const statuses = configured?.statusOptions ?? [];
  return {
    options: {
      provider: providers,
      providerScanStatus: asIs([...(providerStatuses ?? [])].sort()),
      status: statuses.map((status) => ({ value: status.toLowerCase(), label: status })),
      scanPhase: asIs(configured?.scanPhaseOptions ?? []),
      invoiceStatus: asIs(configured?.invoiceStatusOptions ?? []),
      clientType: asIs(configured?.clientTypeOptions ?? []),
      make: byLabel(makes),
      providerScanType: byLabel(providerScanTypes),
      shop: shops,
    },
    storedValues: { status: new Map(statuses.map((status) => [status.toLowerCase(), status])) },
  };
}
