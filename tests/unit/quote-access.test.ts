import { describe, expect, it } from "vitest";
import { accessToQuoteSchema, mayUseQuotes, type AccessToQuote } from "~/modules/quotes/quote-access";

const STAFF_AND_PROVIDERS: AccessToQuote = { roles: ["DIP_POWER", "DIP_ADMIN", "CCC_Admin", "DIP_PROVIDER"], providerIds: [] };

describe("ACCESS_TO_QUOTE", () => {
  it("lets in a user with one of the roles", () => {
    expect(mayUseQuotes({ roles: ["DIP_PORTAL", "DIP_POWER"], providerId: null }, STAFF_AND_PROVIDERS)).toBe(true);
    expect(mayUseQuotes({ roles: ["DIP_PORTAL", "DIP_PROVIDER"], providerId: 1001 }, STAFF_AND_PROVIDERS)).toBe(true);
    expect(mayUseQuotes({ roles: ["DIP_PORTAL"], providerId: null }, STAFF_AND_PROVIDERS)).toBe(false);
    expect(mayUseQuotes({ roles: ["DIP_PROVIDER"], providerId: 1001 }, { roles: ["DIP_ADMIN"], providerIds: [] })).toBe(false);
  });

  it("limits provider-only users to the listed providers, and only them", () => {
    const limited: AccessToQuote = { ...STAFF_AND_PROVIDERS, providerIds: [1002, 1003] };
    expect(mayUseQuotes({ roles: ["DIP_PROVIDER"], providerId: 1001 }, limited)).toBe(false);
    expect(mayUseQuotes({ roles: ["DIP_PROVIDER"], providerId: 1002 }, limited)).toBe(true);
    expect(mayUseQuotes({ roles: ["DIP_PROVIDER"], providerId: null }, limited)).toBe(false);
    // Staff are not a provider's users: the list does not apply to them, even with DIP_PROVIDER too.
    expect(mayUseQuotes({ roles: ["DIP_POWER"], providerId: null }, limited)).toBe(true);
    expect(mayUseQuotes({ roles: ["DIP_PROVIDER", "DIP_ADMIN"], providerId: null }, limited)).toBe(true);
  });

  it("closes the area when the entry is missing or malformed", () => {
    expect(mayUseQuotes({ roles: ["DIP_ADMIN"], providerId: null }, null)).toBe(false);
    expect(accessToQuoteSchema.safeParse({ roles: "DIP_ADMIN" }).success).toBe(false);
    expect(accessToQuoteSchema.safeParse({ roles: ["DIP_ADMIN"], providerIds: ["1001"] }).success).toBe(false);
    expect(accessToQuoteSchema.parse({ roles: ["DIP_ADMIN"] })).toEqual({ roles: ["DIP_ADMIN"], providerIds: [] });
  });
});
