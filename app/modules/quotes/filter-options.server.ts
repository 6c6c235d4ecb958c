import { z } from "zod";
import type { ProviderScope } from "~/auth/provider-scope.server";
import type { FilterOption } from "~/grid/definition";
import { providerFilterOptions } from "~/modules/providers/provider-options.server";
import { readJsonConfiguration } from "~/platform/configuration/json-configuration.server";

export const QUOTE_FILTER_OPTIONS_KEY = "QUOTE_FILTER_OPTIONS";

const quoteFilterOptionsSchema = z.object({
  quoteStatusOptions: z.array(z.string().min(1)).catch([]).default([]),
  quoteProviderOptions: z
    .array(z.object({ code: z.union([z.string().min(1), z.number().int()]), label: z.string() }))
    .catch([])
    .default([]),
});

/**
 * The Quotes filters' options from QUOTE_FILTER_OPTIONS: quote statuses, and the providers to
 * choose from (the selectable providers when the entry lists none; a provider-only user's own only).
 */
export async function loadQuoteFilterOptions(scope: ProviderScope): Promise<Record<string, FilterOption[]>> {
  const configured = await readJsonConfiguration(QUOTE_FILTER_OPTIONS_KEY, quoteFilterOptionsSchema);
  const listed = (configured?.quoteProviderOptions ?? []).map((option) => ({ value: String(option.code), label: option.label }));
  return {
    provider: await providerFilterOptions(scope, listed),
    status: (configured?.quoteStatusOptions ?? []).map((status) => ({ value: status, label: status })),
  };
}
