import type { CookieOptions, KoaContext, KoaContextWithOIDC, OIDCContext, Session } from "oidc-provider";
import { signedOutPage, signOutPage } from "./pages";
import type { PayloadStore } from "./payload-store.server";

interface SignOutDependencies {
  clientId: string;
  store: PayloadStore;
  sessionCookie: CookieOptions & { path: string };
}

/** Where the browser goes once signed out: the client's registered URI (checked by the provider) or our page. */
function afterSignOut(oidc: OIDCContext): string {
  const uri = oidc.params?.post_logout_redirect_uri;
  if (typeof uri !== "string" || !uri) return oidc.urlFor("end_session_success");
  const target = new URL(uri);
  const state = oidc.params?.state;
  if (typeof state === "string" && state) target.searchParams.set("state", state);
  return target.href;
}

function redirect(ctx: KoaContext, url: string): void {
  ctx.status = 303;
  ctx.redirect(url);
}

/**
 * oidc-provider asks before ending a session. The portal already asks ('Are you sure you want to
 * exit?'), so when the request carries a valid ID token of this client for the user signed in
 * here (oidc-provider has verified it by now), the session ends at once: the grants and their
 * tokens are deleted, the session destroyed and its cookie cleared, as the confirmation would.
 * Otherwise the user gets one "Sign out" button, a plain form that works without JavaScript.
 */
export function logoutSource({ clientId, store, sessionCookie }: SignOutDependencies) {
  return async function renderLogout(ctx: KoaContextWithOIDC, providerForm: string): Promise<void> {
    const { oidc } = ctx;
    const hintSubject = oidc.entities.IdTokenHint?.payload.sub;
    const session = oidc.session;
    if (session && oidc.client?.clientId === clientId && hintSubject && hintSubject === session.accountId) {
      await revokeGrants(session, store);
      await session.destroy();
      oidc.cookies.set(oidc.provider.cookieName("session"), null, sessionCookie);
      redirect(ctx, afterSignOut(oidc));
      return;
    }
    ctx.type = "html";
    ctx.body = signOutPage(providerForm);
  };
}

async function revokeGrants(session: Session, store: PayloadStore): Promise<void> {
  const grantIds = Object.values(session.authorizations ?? {})
    .map((authorization) => authorization.grantId)
    .filter((grantId): grantId is string => !!grantId);
  await Promise.all(grantIds.map((grantId) => store.revokeGrant(grantId)));
}

/**
 * What oidc-provider's own sign-out steps leave to us:
 * - without a session here there is nothing to end, yet it would post a self-submitting (script)
 *   form to itself; go straight to where that form would lead;
 * - after the "Sign out" button, it keeps the grants (tokens that do not expire with its session
 *   survive its sign-out); delete them, as the immediate sign-out does.
 */
export function completeSignOut(store: PayloadStore) {
  return async function signOutCompletion(ctx: KoaContext, next: () => Promise<void>): Promise<void> {
    await next();
    const { oidc } = ctx;
    if (oidc?.route === "end_session" && ctx.status === 200 && !oidc.session?.accountId) {
      redirect(ctx, afterSignOut(oidc));
    } else if (oidc?.route === "end_session_confirm" && ctx.status === 303 && oidc.params?.logout && oidc.session) {
      await revokeGrants(oidc.session, store);
    }
  };
}

export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = "html";
  ctx.body = signedOutPage();
}
