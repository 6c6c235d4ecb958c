/** The user menu's pages (platform spec §2 Layout); Logout follows them. */
export const USER_MENU_ITEMS = [
  { label: "My Account", to: "/myAccount" },
  { label: "Settings", to: "/settings" },
  { label: "Submit Feedback", to: "/feedback" },
] as const;

export const LOGOUT_LABEL = "Logout";
export const LOGOUT_PATH = "/logout";
