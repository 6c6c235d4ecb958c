import { z } from "zod";
import { ROLES } from "./roles";

/**
 * Page permissions from the REQUIRED_ROLES_FOR_PAGES configuration entry (platform spec §2, §6):
 * a listed page needs one of its roles, an unlisted page is open, callback/main/login are always
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

/** The administration area: DIP_PROVIDER users are barred from it whatever the entry says. */
export const ADMIN_PAGES: readonly string[] = [
  "admin",
  "userroles",
  "applications",
  "providers",
  "configuration",
  "shopRegistration",
  "devices",
  "feedbackError",
  "redshiftETLDashboard",
];

export function canAccessPage(
  pageName: string,
  roles: readonly string[],
  requiredRoles: RequiredRolesForPages | null,
): boolean {
  if (ALWAYS_OPEN_PAGES.includes(pageName)) return true;
  if (requiredRoles === null) return OPEN_WITHOUT_CONFIGURATION.includes(pageName);
  if (ADMIN_PAGES.includes(pageName) && roles.includes(ROLES.provider)) return false;
  const entry = requiredRoles.find((page) => page.pageName === pageName);
  if (!entry) return true;
  return entry.requiredRoles.some((role) => roles.includes(role));
}
