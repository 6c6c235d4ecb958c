/**
 * The providers' shop registration endpoint as the portal calls it, shared by the client and the
 * built-in sandbox (decision 0044). A provider's own endpoint is its routing named
 * SHOP_REGISTRATION (provider_routings); a provider without one is answered by the sandbox.
 */
export const SHOP_REGISTRATION_ROUTING = "SHOP_REGISTRATION";
/** Where the portal mounts the built-in provider sandbox. */
export const PROVIDER_SANDBOX_PATH = "/sandbox/providers";
/** The sandbox's shop registration endpoint under its base URL. */
export const SANDBOX_SHOP_REGISTRATIONS = "/shop-registrations";
/** The sandbox's shared secret, sent by the portal's client only to the sandbox, never to a provider. */
export const PROVIDER_SANDBOX_SECRET_HEADER = "X-Provider-Sandbox-Secret";
/** A provider's answer names its outcome in `status` (dashboards spec §7: checked for SUCCESS). */
export const SUCCESS_STATUS = "SUCCESS";
