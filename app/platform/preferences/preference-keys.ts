/** Per-user preferences kept in user_preferences (platform spec §3 "Client-side preferences"). */
export const PREFERENCE_KEYS = {
  preferredProvider: "preferredProvider",
  testShops: "testShops",
  preferredLocation: "preferredLocation",
  timeZone: "timeZone",
  /** The browser's zone, saved on the first visit with JavaScript: the zone of a user without a setting. */
  browserTimeZone: "browserTimeZone",
  gridFilters: (grid: string) => `gridFilters:${grid}`,
} as const;

export const GRID_FILTERS_PREFIX = "gridFilters:";

/** What logout clears (platform spec §4): preferred provider, test shops and grid filters. */
export const CLEARED_AT_LOGOUT = [PREFERENCE_KEYS.preferredProvider, PREFERENCE_KEYS.testShops];
