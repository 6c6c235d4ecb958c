import { z } from "zod";
import { barredFromPage, PERMISSION_DEFAULTS } from "./authorization";

/**
 * Page permissions from the REQUIRED_ROLES_FOR_PAGES configuration entry (platform spec §2, §6):
 * a listed page needs one of its roles, an unlisted page is open (a permission of the portal's own
 * without an entry has its default roles: authorization.ts), callback/main/login are always
 * open, and without a usable entry only home, main, login and the 404 page are allowed.
 */
export const requiredRolesForPagesSchema = z.array(
  z.object({
    pageName: z.string().min(1),
    requiredRoles: z.array(z.string().min(1)),
  }),
);
export type RequiredRolesForPages = z.infer<typeof requiredRolesForPagesSchema>;

/** Null when the entry is missing or does not have the expected shape. */
export function parseRequiredRolesForPages(configValue: string | null | undefined): RequiredRolesForPages | null {
  if (!configValue) return null;
  let json: unknown;
  try {
    json = JSON.parse(configValue);
  } catch {
    return null;
  }
  const parsed = requiredRolesForPagesSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export const ALWAYS_OPEN_PAGES: readonly string[] = ["callback", "main", "login"];
export const OPEN_WITHOUT_CONFIGURATION: readonly string[] = ["home", "main", "login", "Error404"];

export function canAccessPage(pageName: string, roles: readonly string[], requiredRoles: RequiredRolesForPages | null): boolean {
  if (ALWAYS_OPEN_PAGES.includes(pageName)) return true;
  if (requiredRoles === null) return OPEN_WITHOUT_CONFIGURATION.includes(pageName);
  if (barredFromPage(pageName, roles)) return false;
  const listed = requiredRoles.find((page) => page.pageName === pageName)?.requiredRoles ?? PERMISSION_DEFAULTS[pageName];
  if (!listed) return true;
  return listed.some((role) => roles.includes(role));
}
