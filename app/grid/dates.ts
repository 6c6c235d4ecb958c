/** Calendar dates as YYYY-MM-DD strings (the grid's from/to), with no time zone of their own. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * Intl formatters cost far more to build than to use (around a millisecond each), and every grid
 * request needs a few per zone: they are built once per zone and kind, and kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function cachedFormatter(kind: "day" | "instant", timeZone: string, build: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = cachedFormatter(
    "day",
    timeZone,
    () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
  ).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The UTC instant at which a calendar day starts in a time zone. */
export function startOfDayUtc(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  // Start from midnight UTC and correct by the zone's offset at that moment (twice, for DST edges).
  let guess = Date.UTC(year, month - 1, day);
  for (let i = 0; i < 2; i++) {
    const offset = zoneOffsetMs(new Date(guess), timeZone);
    guess = Date.UTC(year, month - 1, day) - offset;
  }
  return new Date(guess);
}

/** UTC bounds [start, end) of the calendar days from..to (inclusive) in a time zone. */
export function utcDayBounds(from: string, to: string, timeZone: string): { start: string; end: string } {
  return { start: startOfDayUtc(from, timeZone).toISOString(), end: startOfDayUtc(addDays(to, 1), timeZone).toISOString() };
}

function zoneOffsetMs(at: Date, timeZone: string): number {
  const formatter = cachedFormatter(
    "instant",
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
  );
  const parts = formatter.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}
