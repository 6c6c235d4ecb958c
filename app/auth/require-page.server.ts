import { recordRefusedWrite } from "~/db/audit-events.server";
import { notFound } from "~/lib/not-found";
import { readConfigurationValue } from "~/platform/configuration/configuration-values.server";
import type { WritePermission } from "./authorization";
import { canAccessPage, parseRequiredRolesForPages, type RequiredRolesForPages } from "./page-access";
import { requireUser, type SignedIn } from "./user-session.server";

export const REQUIRED_ROLES_KEY = "REQUIRED_ROLES_FOR_PAGES";

/**
 * The configured entry (the default one, without a group value), or null when missing or invalid.
 * Read like every configuration entry: at most once per request (the page's check, the drawer's
 * areas and the quote tabs of one request share it).
 */
export async function loadRequiredRolesForPages(): Promise<RequiredRolesForPages | null> {
  return parseRequiredRolesForPages(await readConfigurationValue(REQUIRED_ROLES_KEY));
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

/**
 * The first call of a layout shared by pages of different permissions (the dashboard's tabs): the
 * user may open at least one of the pages, else the 404 page. Returns which of them the user may
 * open, so the layout offers only those (each page checks its own again).
 */
export async function requireAnyPage(request: Request, pageNames: readonly string[]): Promise<{ signedIn: SignedIn; allowed: Record<string, boolean> }> {
  const signedIn = await requireUser(request);
  const allowed = await pagesAllowed(signedIn, pageNames);
  if (!pageNames.some((page) => allowed[page])) notFound();
  return { signedIn, allowed };
}

/**
 * The first call of a route whose every request is one write's (the bulk role pages, Add new
 * provider, Add Configuration, Add New Etl Variable): the page and the write's own permission
 * (authorization.ts), else the 404 page. The one way to write "page plus a second permission"
 * (decision 0076): no route checks the second permission by hand.
 */
export async function requirePermission(request: Request, pageName: string, permission: WritePermission, write: AttemptedWrite): Promise<SignedIn> {
  const signedIn = await requirePage(request, pageName);
  if (!(await holdsPermission(signedIn, permission))) {
    // A write sent by a user who holds the screen but not the write's permission: who tried what,
    // as an event of its own (decision 0087); opening the page without it is no attempt.
    if (request.method !== "GET" && request.method !== "HEAD") {
      await recordRefusedWrite({ actor: signedIn.user.login, ...write, entityId: null, message: PERMISSION_REFUSAL(permission), permission });
    }
    notFound();
  }
  return signedIn;
}

/** The audit log's names of the write a page of one write makes (e.g. addProvider on provider). */
export interface AttemptedWrite {
  action: string;
  entity: string;
}

const PERMISSION_REFUSAL = (permission: string) => `This needs the ${permission} permission.`;

/** Whether the signed-in user holds a write's permission (for what a screen offers; the write checks again). */
export async function holdsPermission(signedIn: SignedIn, permission: WritePermission): Promise<boolean> {
  return (await pagesAllowed(signedIn, [permission]))[permission] === true;
}
