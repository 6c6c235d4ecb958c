export { createIdentityProvider } from "./provider.server";
export { loadBuiltInClientSecret } from "./secrets.server";
export type { FirstPartyClient, IdentityProviderOptions, Log, SignInThrottleSettings } from "./options";
