export { createIdentityProvider } from "./provider.server";
export type { FirstPartyClient, IdentityProviderOptions, Log, LoginRateLimits } from "./options";
