import { z } from "zod";

/** The configuration entry the Quotes filters read their options from (client-safe: the configuration form checks it). */
export const QUOTE_FILTER_OPTIONS_KEY = "QUOTE_FILTER_OPTIONS";

export const quoteStatusOptionsSchema = z.array(z.string().min(1));
export const quoteProviderOptionsSchema = z.array(z.object({ code: z.union([z.string().min(1), z.number().int()]), label: z.string() }));

/** QUOTE_FILTER_OPTIONS as it must be saved; the reader takes what it can of it (a bad list reads as empty). */
export const quoteFilterOptionsSchema = z.object({
  quoteStatusOptions: quoteStatusOptionsSchema.optional(),
  quoteProviderOptions: quoteProviderOptionsSchema.optional(),
});
