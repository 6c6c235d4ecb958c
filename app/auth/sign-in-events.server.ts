import { recordSignInEvent } from "~/db/audit-events.server";
import { getDatabase } from "~/db/db.server";
import { throttledAddress } from "~/identity/client-address";
import { DEFAULT_SIGN_IN_THROTTLE } from "~/identity/options";
import { createSignInThrottle } from "~/identity/sign-in-throttle.server";
import { currentRequestContext } from "~/lib/request-context.server";
import { stateCookieNames } from "./oidc-client.server";
import type { UserClaims } from "./user-claims";

/**
 * The portal's /callback as audit events (issue 29, decision 0087): a sign-in that completed, and
 * one the callback refused (state, code, ID token or nonce not right, the identity provider not
 * answering). A refusal needs no password, so anyone could repeat it: like a failed password, it
 * is recorded only while its client address has had at most the sign-in throttle's `perAddress`
 * such failures in the throttle's window (counted under a key of their own, so they never slow a
 * password sign-in down).
 */
const NOT_SIGNED_IN = "(not signed in)";
export const CALLBACK_MESSAGES = { signedIn: "Signed in.", refused: (reason: string) => `The sign-in was not completed: ${reason}` } as const;

const addressOfRequest = () => throttledAddress(currentRequestContext()?.clientAddress ?? "unknown");

export function recordCallbackSignIn(user: UserClaims): Promise<void> {
  return recordSignInEvent({
    login: user.login,
    userId: user.id,
    succeeded: true,
    via: "callback",
    message: CALLBACK_MESSAGES.signedIn,
    address: addressOfRequest(),
  });
}

/**
 * A refused callback of a sign-in this browser started (its state cookie came back with the state),
 * within its address's budget; `reason` is what the user was told. A callback no sign-in here
 * started (no state, or no cookie of it) is not a sign-in attempt: no event.
 */
export async function recordCallbackRefusal(request: Request, reason: string): Promise<void> {
  const state = new URL(request.url).searchParams.get("state");
  if (!state || stateCookieNames(request.headers.get("Cookie"), state).length === 0) return;
  const address = addressOfRequest();
  const throttle = createSignInThrottle(getDatabase(), DEFAULT_SIGN_IN_THROTTLE, () => new Date());
  if (!(await throttle.failed(`callback ${address}`))) return;
  await recordSignInEvent({ login: NOT_SIGNED_IN, userId: null, succeeded: false, via: "callback", message: CALLBACK_MESSAGES.refused(reason), address });
}
