import { providerScopeOf } from "~/auth/provider-scope.server";
import { pagesAllowed, requirePage } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { notFound } from "~/lib/not-found";
import { isSettingOn, readJsonConfiguration } from "~/platform/configuration/json-configuration.server";
import { ACCESS_TO_QUOTE_KEY, accessToQuoteSchema, mayUseQuotes, QUOTE_GRID_SETTING } from "./quote-access";

/** Whether this user may use the quote area: the quoteGrid setting on, page 'quote' allowed, and ACCESS_TO_QUOTE. */
export async function canUseQuoteArea(signedIn: SignedIn): Promise<boolean> {
  const [gridOn, pages, access, scope] = await Promise.all([
    isSettingOn(QUOTE_GRID_SETTING),
    pagesAllowed(signedIn, ["quote"]),
    readJsonConfiguration(ACCESS_TO_QUOTE_KEY, accessToQuoteSchema),
    providerScopeOf(signedIn.user),
  ]);
  const providerId = scope.restricted ? scope.providerId : null;
  return gridOn && pages.quote && mayUseQuotes({ roles: signedIn.user.roles, providerId }, access);
}

/** The first call of every quote loader: signed out goes to /login, anyone else without access gets the 404 page. */
export async function requireQuoteArea(request: Request): Promise<SignedIn> {
  const signedIn = await requirePage(request, "quote");
  if (!(await canUseQuoteArea(signedIn))) notFound();
  return signedIn;
}
