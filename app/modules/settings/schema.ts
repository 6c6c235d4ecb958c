import { z } from "zod";
import { isValidTimeZone } from "~/lib/time-zone";
import { SETTINGS_INTENTS, type SettingsIntent } from "./intents";

/** The spec's message for the preferred location (platform spec §5). */
export const FIELD_REQUIRED = "Field is required";
export const UNKNOWN_TIME_ZONE = "Please choose a time zone from the list";

/** The time zone form: an IANA name, or nothing for the browser's own zone. */
export const timeZoneFormSchema = z.object({
  timeZone: z.string().max(64).refine(isValidTimeZone, { error: UNKNOWN_TIME_ZONE }).optional(),
});

/** 'Select Preferred Location': the required 'Available Location(s)' dropdown. */
export const preferredLocationFormSchema = z.object({
  shopId: z.number({ error: FIELD_REQUIRED }).int({ error: FIELD_REQUIRED }).positive({ error: FIELD_REQUIRED }),
});

export const UNKNOWN_SETTINGS_FORM = "This form cannot be saved. Please reload the page and try again.";

/** The settings page's two forms as one schema, told apart by their `intent` field (decision 0076). */
export const settingsFormSchema = z.discriminatedUnion(
  "intent",
  [
    timeZoneFormSchema.extend({ intent: z.literal(SETTINGS_INTENTS.timeZone) }),
    preferredLocationFormSchema.extend({ intent: z.literal(SETTINGS_INTENTS.preferredLocation) }),
  ],
  { error: UNKNOWN_SETTINGS_FORM },
);
export type SettingsForm = z.infer<typeof settingsFormSchema>;

const INTENTS: readonly string[] = Object.values(SETTINGS_INTENTS);

/** Which of the two forms was sent, or null when its intent names neither. */
export function settingsIntentOf(sent: Record<string, unknown> | undefined): SettingsIntent | null {
  const intent = sent?.intent;
  return typeof intent === "string" && INTENTS.includes(intent) ? (intent as SettingsIntent) : null;
}
