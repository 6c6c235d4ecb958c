import { z } from "zod";
import { isProviderOnly } from "~/auth/authorization";

/**
 * ACCESS_TO_QUOTE (a JSON configuration entry) governs the quote area:
 *   { "roles": ["DIP_POWER", "DIP_ADMIN", "CCC_Admin", "DIP_PROVIDER"], "providerIds": [1001] }
 * A user needs one of `roles`. When `providerIds` is not empty, a provider-only user's provider
 * must also be listed (product staff are not limited by it). A missing or malformed entry closes
 * the area. See docs/decisions/0009-access-to-quote.md.
 */
export const ACCESS_TO_QUOTE_KEY = "ACCESS_TO_QUOTE";
/** The UI setting that shows the Quote tab and grid. */
export const QUOTE_GRID_SETTING = "quoteGrid";

export const accessToQuoteSchema = z.object({
  roles: z.array(z.string().min(1)),
  providerIds: z.array(z.number().int().positive()).default([]),
});
export type AccessToQuote = z.infer<typeof accessToQuoteSchema>;

export interface QuoteUser {
  roles: readonly string[];
  /** The provider a provider-only user is scoped to (null for others or when unknown). */
  providerId: number | null;
}

export function mayUseQuotes(user: QuoteUser, access: AccessToQuote | null): boolean {
  if (!access) return false;
  if (!access.roles.some((role) => user.roles.includes(role))) return false;
  if (access.providerIds.length > 0 && isProviderOnly(user.roles)) {
    return user.providerId !== null && access.providerIds.includes(user.providerId);
  }
  return true;
}
