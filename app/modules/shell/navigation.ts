/** The side drawer's entries (platform spec §2 Layout). Home is always there; the others need their page. */
export const AREA_PAGES = ["transactions", "dashboard", "admin"] as const;
export type AreaPage = (typeof AREA_PAGES)[number];
export type AreaAccess = Record<AreaPage, boolean>;

/** The areas whose screens are built; an area joins this list with its first screen. */
export const AREAS_WITH_SCREENS: readonly AreaPage[] = ["transactions", "dashboard", "admin"];

export interface NavigationEntry {
  label: string;
  to: string;
  /** The page the entry opens; null for Home, which every signed-in user may open. */
  page: AreaPage | null;
}

export const NAVIGATION_ENTRIES: readonly NavigationEntry[] = [
  { label: "Home", to: "/home", page: null },
  { label: "Transactions", to: "/transactions", page: "transactions" },
  { label: "Dashboard", to: "/dashboard", page: "dashboard" },
  { label: "Admin", to: "/admin", page: "admin" },
];

export function visibleEntries(access: AreaAccess): NavigationEntry[] {
  return NAVIGATION_ENTRIES.filter((entry) => entry.page === null || access[entry.page]);
}
