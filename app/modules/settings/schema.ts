import { z } from "zod";
import { isValidTimeZone } from "~/lib/time-zone";

/** The spec's message for the preferred location (platform spec §5). */
export const FIELD_REQUIRED = "Field is required";
export const UNKNOWN_TIME_ZONE = "Please choose a time zone from the list";

/** The time zone form: an IANA name, or nothing for the browser's own zone. */
export const timeZoneFormSchema = z.object({
  timeZone: z
    .string()
    .max(64)
    .refine(isValidTimeZone, { error: UNKNOWN_TIME_ZONE })
    .optional(),
});

/** 'Select Preferred Location': the required 'Available Location(s)' dropdown. */
export const preferredLocationFormSchema = z.object({
  shopId: z.number({ error: FIELD_REQUIRED }).int({ error: FIELD_REQUIRED }).positive({ error: FIELD_REQUIRED }),
});
