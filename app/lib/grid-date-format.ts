/**
 * The grid's date format, 'MMM DD, YYYY hh:mm:ss A z' (e.g. "Nov 21, 2026 03:04:05 PM CST"),
 * built on one cached Intl formatter per zone: CSV exports format hundreds of thousands of dates,
 * where a formatter per call would dominate the cost.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "short",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hour12: true,
      timeZoneName: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function formatGridDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const hour = parts.hour === "00" ? "12" : parts.hour;
  return `${parts.month} ${parts.day}, ${parts.year} ${hour}:${parts.minute}:${parts.second} ${parts.dayPeriod} ${parts.timeZoneName}`;
}
