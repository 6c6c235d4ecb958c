import { z } from "zod";
import type { ProviderScope } from "~/auth/provider-scope.server";
import type { FilterOption } from "~/grid/definition";
import { providerFilterOptions } from "~/modules/providers/provider-options.server";
import { readJsonConfiguration } from "~/platform/configuration/json-configuration.server";
import { QUOTE_FILTER_OPTIONS_KEY, quoteProviderOptionsSchema, quoteStatusOptionsSchema } from "./filter-options-config";

export { QUOTE_FILTER_OPTIONS_KEY };

const readSchema = z.object({
  quoteStatusOptions: quoteStatusOptionsSchema.catch([]).default([]),
  quoteProviderOptions: quoteProviderOptionsSchema.catch([]).default([]),
});

/**
 * The Quotes filters' options from QUOTE_FILTER_OPTIONS: quote statuses, and the providers to
 * choose from (the selectable providers when the entry lists none; a provider-only user's own only).
 */
export async function loadQuoteFilterOptions(scope: ProviderScope): Promise<Record<string, FilterOption[]>> {
  const configured = await readJsonConfiguration(QUOTE_FILTER_OPTIONS_KEY, readSchema);
  const listed = (configured?.quoteProviderOptions ?? []).map((option) => ({ value: String(option.code), label: option.label }));
  return {
    provider: await providerFilterOptions(scope, listed),
    status: (configured?.quoteStatusOptions ?? []).map((status) => ({ value: status, label: status })),
  };
}
