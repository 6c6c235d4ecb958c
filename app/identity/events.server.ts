import type Provider from "oidc-provider";
import type { KoaContext, ProviderError } from "oidc-provider";
import { isDatabaseUnavailable } from "~/db/database-unavailable.server";
import type { Log } from "./options";

/** Error events whose reason oidc-provider keeps out of its responses (`error_detail`). */
const CLIENT_ERROR_EVENTS = [
  "authorization.error",
  "grant.error",
  "userinfo.error",
  "revocation.error",
  "end_session.error",
  "end_session_confirm.error",
  "end_session_success.error",
  "jwks.error",
  "discovery.error",
] as const;

function isProviderError(error: unknown): error is ProviderError {
  return error instanceof Error && typeof (error as Partial<ProviderError>).error === "string";
}

/** Logs why requests failed. Fields are the error's own words: no tokens, codes or passwords. */
export function logProviderEvents(provider: Provider, log: Log): void {
  for (const event of CLIENT_ERROR_EVENTS) {
    provider.on(event, (ctx: KoaContext, error: unknown) => {
      const fields = {
        event,
        clientId: ctx.oidc?.client?.clientId,
        error: isProviderError(error) ? error.error : undefined,
        description: isProviderError(error) ? error.error_description : undefined,
        detail: isProviderError(error) ? error.error_detail : undefined,
      };
      log("warn", `identity provider refused a request (${event})`, fields);
    });
  }
  provider.on("server_error", (ctx: KoaContext, error: unknown) => {
    // A database that does not answer is an outage (503, try again later), not a failure of the provider.
    if (isDatabaseUnavailable(error)) {
      ctx.status = 503;
      log("warn", "identity provider: the database does not answer", { event: "server_error", reason: (error as Error).message });
      return;
    }
    const failure = error instanceof Error ? error : new Error(String(error));
    log("error", "identity provider failed", { event: "server_error", reason: failure.message, stack: failure.stack });
  });
}
