import { DEFAULT_TIME_ZONE, isValidTimeZone } from "./time-zone";

/**
 * What a clock in a time zone reads at an instant, as the milliseconds of that same reading in UTC
 * (so `new Date(ms).getUTCHours()` is the zone's hour): the input of date-format.ts.
 *
 * CSV exports convert hundreds of thousands of instants, and Intl's formatToParts costs several
 * microseconds a call. So Intl is asked once per zone and UTC hour for the zone's offset in that
 * hour, and the reading is then plain arithmetic. An hour in which the offset changes (a
 * daylight-saving switch, which in some zones falls on a half hour) is asked of Intl per instant.
 */
const HOUR_MS = 3_600_000;
/** Hours remembered per zone before the cache starts over (two years of hourly data is ~17,500). */
const MAX_HOURS_PER_ZONE = 50_000;

interface ZoneClock {
  formatter: Intl.DateTimeFormat;
  /** The offset throughout a UTC hour, by hour index; null when it changes inside that hour. */
  hours: Map<number, number | null>;
}

const clocks = new Map<string, ZoneClock>();

function clockOf(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = {
      formatter: new Intl.DateTimeFormat("en-US", {
        timeZone: isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      }),
      hours: new Map(),
    };
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The zone's reading minus UTC at an instant, in milliseconds (whole seconds: zones' offsets are). */
function offsetAt(formatter: Intl.DateTimeFormat, atMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(atMs))) parts[part.type] = Number(part.value);
  const reading = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return reading - Math.floor(atMs / 1000) * 1000;
}

function hourOffset(clock: ZoneClock, hourIndex: number): number | null {
  const cached = clock.hours.get(hourIndex);
  if (cached !== undefined) return cached;
  const start = hourIndex * HOUR_MS;
  const first = offsetAt(clock.formatter, start);
  const last = offsetAt(clock.formatter, start + HOUR_MS - 1000);
  // NaN (parts that could not be read back) is never equal to itself, so it is asked per instant too.
  const offset = first === last ? first : null;
  if (clock.hours.size >= MAX_HOURS_PER_ZONE) clock.hours.clear();
  clock.hours.set(hourIndex, offset);
  return offset;
}

/** The zone's reading minus UTC at an instant, asked of Intl itself (no cache): for a zone's rules over years (zone-offset-spans.ts). */
export function zoneOffsetAtMs(instantMs: number, timeZone: string): number {
  return offsetAt(clockOf(timeZone).formatter, instantMs);
}

/**
 * The zone's reading at an instant (an unknown zone reads as America/Chicago), to the second (the
 * milliseconds are kept). NaN for an instant the runtime cannot place in a zone.
 */
export function zoneReadingMs(instantMs: number, timeZone: string): number {
  const clock = clockOf(timeZone);
  const offset = hourOffset(clock, Math.floor(instantMs / HOUR_MS)) ?? offsetAt(clock.formatter, instantMs);
  return instantMs + offset;
}
