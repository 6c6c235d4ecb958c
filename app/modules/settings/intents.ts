/** The settings page has two forms; their `intent` field tells the action which one was sent. */
export const SETTINGS_INTENTS = { timeZone: "timeZone", preferredLocation: "preferredLocation" } as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[keyof typeof SETTINGS_INTENTS];
