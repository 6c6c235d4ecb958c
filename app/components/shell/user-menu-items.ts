/** The user menu's pages (platform spec §2 Layout); Logout follows them. */
export const USER_MENU_ITEMS = [
  { label: "My Account", to: "/myAccount" },
  { label: "Settings", to: "/settings" },
  { label: "Submit Feedback", to: "/feedback" },
] as const;

export const LOGOUT_LABEL = "Logout";
export const LOGOUT_PATH = "/logout";

/**
 * The user menu button's accessible name: what it shows (the initials, then the full name, which a
 * phone hides), then what it is. A speech user says the visible text; a screen reader hears it too.
 */
export function userMenuLabel(user: { initials: string; fullName: string }): string {
  return `${user.initials} ${user.fullName}, user menu`;
}
