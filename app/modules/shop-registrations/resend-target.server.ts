import type { Kysely } from "kysely";
import type { Database } from "~/db/types";
import { PROVIDER_SANDBOX_SECRET_HEADER, SANDBOX_SHOP_REGISTRATIONS } from "~/integrations/providers/endpoints";
import { getProviderSandboxSettings } from "~/integrations/providers/sandbox-settings.server";
import type { ShopRegistrationTarget } from "~/integrations/providers/send-shop-registration.server";
import { findShopRegistrationRouting } from "~/modules/providers/shop-registration-routing.server";

/**
 * Where Resend sends a provider's registration (decision 0044): the provider's SHOP_REGISTRATION
 * routing when it has one, with the routing's timeout (at most MAX_TIMEOUT_MS, so a page never waits
 * longer than CCC ONE's 60 s); otherwise the built-in provider sandbox. Null when neither is there
 * (the sandbox is set up at start, start-portal.server.ts).
 */
export const SANDBOX_NAME = "built-in sandbox";
export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_TIMEOUT_MS = 60_000;

/** The endpoint's origin: the whole URL may carry credentials or a token, so logs and the audit never show it. */
function endpointName(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : "a routing that is not a URL";
}

export async function resendTarget(providerId: number, db: Kysely<Database>): Promise<ShopRegistrationTarget | null> {
  const routing = await findShopRegistrationRouting(providerId, db);
  if (routing) {
    const timeoutMs = routing.timeoutSeconds && routing.timeoutSeconds > 0 ? Math.min(routing.timeoutSeconds * 1000, MAX_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS;
    return { kind: "routing", url: routing.url, name: endpointName(routing.url), timeoutMs };
  }
  const sandbox = getProviderSandboxSettings();
  if (!sandbox) return null;
  return {
    kind: "sandbox",
    url: `${sandbox.baseUrl}${SANDBOX_SHOP_REGISTRATIONS}`,
    name: SANDBOX_NAME,
    timeoutMs: sandbox.timeoutMs,
    headers: { [PROVIDER_SANDBOX_SECRET_HEADER]: sandbox.secret },
  };
}
