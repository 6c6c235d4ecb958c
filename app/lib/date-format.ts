import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { DEFAULT_TIME_ZONE, isValidTimeZone } from "./time-zone";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

/** The spec's date formats (platform spec §9). */
export const DATE_FORMATS = {
  /** Configuration screen. */
  long: "MMM DD, YYYY hh:mm:ss A z",
  /** Tables. */
  table: "DD-MMM-YY hh:mm A",
  /** Provider detail and other detail views. */
  detail: "DD-MMM-YYYY hh:mm:ss A",
} as const;

export type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];

/**
 * An instant in the user's zone. Format on the server and send the text: the browser's ICU data
 * may name a zone differently, which would break hydration.
 */
export function formatDateTime(iso: string, timeZone: string, pattern: DateFormat): string {
  const instant = dayjs(iso);
  if (!instant.isValid()) return "";
  return instant.tz(isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE).format(pattern);
}
