import { getDb } from "~/db/db.server";
import { notFound } from "~/lib/not-found";
import { canAccessPage, parseRequiredRolesForPages, type RequiredRolesForPages } from "./page-access";
import { requireUser, type SignedIn } from "./user-session.server";

export const REQUIRED_ROLES_KEY = "REQUIRED_ROLES_FOR_PAGES";

/** The configured entry (the default one, without a group value), or null when missing or invalid. */
export async function loadRequiredRolesForPages(): Promise<RequiredRolesForPages | null> {
  const row = await getDb()
    .selectFrom("configurations")
    .select("configValue")
    .where("configKey", "=", REQUIRED_ROLES_KEY)
    .where("isActive", "=", 1)
    .where((eb) => eb.or([eb("configGroupValue", "is", null), eb("configGroupValue", "=", "")]))
    .executeTakeFirst();
  return parseRequiredRolesForPages(row?.configValue);
}

/**
 * The first call of every loader, action and resource route: signed out goes to /login, a page
 * the user may not open renders the 404 page.
 */
export async function requirePage(request: Request, pageName: string): Promise<SignedIn> {
  const signedIn = await requireUser(request);
  const requiredRoles = await loadRequiredRolesForPages();
  if (!canAccessPage(pageName, signedIn.user.roles, requiredRoles)) notFound();
  return signedIn;
}

/** Whether the signed-in user may open a page (for menus and tabs; the page itself checks again). */
export async function pagesAllowed(signedIn: SignedIn, pageNames: readonly string[]): Promise<Record<string, boolean>> {
  const requiredRoles = await loadRequiredRolesForPages();
  return Object.fromEntries(pageNames.map((page) => [page, canAccessPage(page, signedIn.user.roles, requiredRoles)]));
}
