/**
 * When things happen in the demo data. Everything is relative to the anchor day (by default the
 * current UTC day): the data covers the 13 calendar months before it plus the anchor day itself,
 * up to the seeding instant when that falls on the anchor day (a fresh start shows nothing
 * dated after the moment it was seeded). Request volume grows towards the anchor, weekends are
 * quieter and most requests fall in US shop hours.
 */

export const DAY_MS = 86_400_000;
export const HISTORY_MONTHS = 13;

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** Calendar months later (or earlier), keeping the day where the month has it. */
export function addUtcMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return new Date(target.getTime() + (date.getTime() - startOfUtcDay(date).getTime()));
}

/** 'YYYY-MM-01' of the month `monthsBack` months before the date's month. */
export function firstOfMonth(date: Date, monthsBack = 0): string {
  const month = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1));
  return month.toISOString().slice(0, 10);
}

let cachedDay = Number.NaN;
let cachedDayPrefix = "";

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

/**
 * `new Date(ms).toISOString()`, about three times faster: the seed formats tens of millions of
 * instants, mostly several in a row on the same day, so the date part is cached.
 */
export function isoInstant(ms: number): string {
  const whole = Math.floor(ms);
  const day = Math.floor(whole / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = whole - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${cachedDayPrefix}${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(rest - seconds * 1000, 3)}Z`;
}

/**
 * Share of a day's requests per UTC hour: US shops work roughly 12:00-24:00 UTC. Read as a
 * piecewise-constant density over the day.
 */
const HOURLY_WEIGHTS = [3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 7, 10, 12, 13, 13, 12, 12, 11, 10, 8, 6, 4] as const;
const WEEKEND_WEIGHT = 0.35;
/** Volume on the first day relative to the anchor day. */
const OLDEST_DAY_WEIGHT = 0.3;

export interface Timeline {
  anchorDay: Date;
  /** First instant of the data (anchor day minus 13 months). */
  startMs: number;
  /** Where the data ends: the day after the anchor day, or the seeding instant when earlier. */
  endMs: number;
  dayCount: number;
  /**
   * An instant as ISO text, never after endMs: what would only happen later (a scan finishing,
   * an invoice, a quote being edited) is dated endMs, "just now".
   */
  iso(ms: number): string;
  /**
   * The instant at which a fraction `u` (0 <= u < 1) of all requests has happened. Monotonic:
   * a larger u never gives an earlier instant, so request ids follow creation time.
   */
  instantAt(u: number): number;
}

const HOURLY_TOTAL = HOURLY_WEIGHTS.reduce((sum, w) => sum + w, 0);
/** HOURLY_CUMULATIVE[h]: the share of a day's requests before hour h. */
const HOURLY_CUMULATIVE: readonly number[] = HOURLY_WEIGHTS.reduce<number[]>((list, weight) => [...list, list[list.length - 1] + weight / HOURLY_TOTAL], [0]);

/** The share of a day's requests that happen before a point of the day (0..1). */
function dayShareBefore(dayFraction: number): number {
  if (dayFraction >= 1) return 1;
  const hours = Math.max(dayFraction, 0) * 24;
  const hour = Math.floor(hours);
  return HOURLY_CUMULATIVE[hour] + (hours - hour) * (HOURLY_WEIGHTS[hour] / HOURLY_TOTAL);
}

function hourOfDayMapper(): (fraction: number) => number {
  const cumulative = HOURLY_CUMULATIVE;
  return (fraction) => {
    let hour = 0;
    while (hour < 23 && cumulative[hour + 1] <= fraction) hour++;
    const within = (fraction - cumulative[hour]) / (cumulative[hour + 1] - cumulative[hour]);
    return (hour + Math.min(Math.max(within, 0), 0.999999)) / 24;
  };
}

/**
 * The timeline of the anchor's UTC day, ending at `notAfter` when that falls within the anchor day
 * (the seeding instant); `notAfter` before the anchor day is an error of the caller.
 */
export function createTimeline(anchor: Date, notAfter?: Date): Timeline {
  const anchorDay = startOfUtcDay(anchor);
  const startMs = addUtcMonths(anchorDay, -HISTORY_MONTHS).getTime();
  const endMs = Math.min(anchorDay.getTime() + DAY_MS, notAfter?.getTime() ?? Number.POSITIVE_INFINITY);
  if (endMs <= anchorDay.getTime()) throw new RangeError("The data cannot end before its anchor day begins.");
  const dayCount = Math.round((anchorDay.getTime() + DAY_MS - startMs) / DAY_MS);
  const hourOfDay = hourOfDayMapper();
  // The share of the last day's requests that has happened by the end (all of it for a whole day).
  const lastDayShare = dayShareBefore((endMs - anchorDay.getTime()) / DAY_MS);

  const dayWeights: number[] = [];
  for (let day = 0; day < dayCount; day++) {
    const growth = OLDEST_DAY_WEIGHT + (1 - OLDEST_DAY_WEIGHT) * (day / Math.max(dayCount - 1, 1));
    const weekday = new Date(startMs + day * DAY_MS).getUTCDay();
    dayWeights.push(growth * (weekday === 0 || weekday === 6 ? WEEKEND_WEIGHT : 1) * (day === dayCount - 1 ? lastDayShare : 1));
  }
  const total = dayWeights.reduce((sum, w) => sum + w, 0);
  const cumulative = new Float64Array(dayCount + 1);
  for (let day = 0; day < dayCount; day++) cumulative[day + 1] = cumulative[day] + dayWeights[day] / total;

  return {
    anchorDay,
    startMs,
    endMs,
    dayCount,
    iso: (ms) => isoInstant(Math.min(ms, endMs)),
    instantAt(u) {
      const point = Math.min(Math.max(u, 0), 1 - 1e-12);
      let low = 0;
      let high = dayCount - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (cumulative[mid] <= point) low = mid;
        else high = mid - 1;
      }
      const withinDay = (point - cumulative[low]) / (cumulative[low + 1] - cumulative[low]);
      // On a cut last day, only the part of the day before the end.
      const share = low === dayCount - 1 ? withinDay * lastDayShare : withinDay;
      return Math.min(startMs + low * DAY_MS + Math.floor(hourOfDay(share) * DAY_MS), endMs - 1);
    },
  };
}
