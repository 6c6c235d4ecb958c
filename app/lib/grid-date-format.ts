/**
 * The grid's date format, 'MMM DD, YYYY hh:mm:ss A z' (e.g. "Nov 21, 2026 03:04:05 PM CST").
 *
 * CSV exports format hundreds of thousands of dates, and Intl's formatToParts costs several
 * microseconds a call. So Intl is asked once per zone and UTC hour for the zone's offset and
 * abbreviation in that hour, and the date is then written with plain arithmetic. An hour in which
 * the offset changes (a daylight-saving switch, which in some zones falls on a half hour) is
 * always formatted by Intl itself. The result is the same text Intl gives (a unit test compares
 * them across zones and switches).
 */
const HOUR_MS = 3_600_000;
/** Hours remembered per zone before the cache starts over (two years of hourly data is ~17,500). */
const MAX_HOURS_PER_ZONE = 50_000;

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  dayPeriod: string;
  timeZoneName: string;
}

/** The zone's offset and abbreviation throughout one UTC hour; null when the offset changes inside it. */
type HourInZone = { offsetMs: number; zoneName: string } | null;

interface ZoneFormat {
  formatter: Intl.DateTimeFormat;
  hours: Map<number, HourInZone>;
}

const zones = new Map<string, ZoneFormat>();

function zoneFormat(timeZone: string): ZoneFormat {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = {
      formatter: new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "short",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hour12: true,
        timeZoneName: "short",
      }),
      hours: new Map(),
    };
    zones.set(timeZone, zone);
  }
  return zone;
}

function partsOf(formatter: Intl.DateTimeFormat, date: Date): Parts {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  return parts as unknown as Parts;
}

function joinParts(parts: Parts): string {
  const hour = parts.hour === "00" ? "12" : parts.hour;
  return `${parts.month} ${parts.day}, ${parts.year} ${hour}:${parts.minute}:${parts.second} ${parts.dayPeriod} ${parts.timeZoneName}`;
}

const MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short" }).format(new Date(Date.UTC(2000, month, 15))),
);
const [AM, PM] = [0, 12].map((hour) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", hour: "numeric", hour12: true })
    .formatToParts(new Date(Date.UTC(2000, 0, 1, hour)))
    .find((part) => part.type === "dayPeriod")?.value ?? (hour === 0 ? "AM" : "PM"),
);

/** The local wall-clock time minus UTC at an instant on a whole second, from the formatted parts. */
function offsetAt(formatter: Intl.DateTimeFormat, atMs: number): { offsetMs: number; zoneName: string } {
  const parts = partsOf(formatter, new Date(atMs));
  const hour12 = Number(parts.hour) % 12;
  const hour24 = parts.dayPeriod === PM ? hour12 + 12 : hour12;
  const local = Date.UTC(Number(parts.year), MONTHS.indexOf(parts.month), Number(parts.day), hour24, Number(parts.minute), Number(parts.second));
  return { offsetMs: local - atMs, zoneName: parts.timeZoneName };
}

function hourInZone(zone: ZoneFormat, hourIndex: number): HourInZone {
  const cached = zone.hours.get(hourIndex);
  if (cached !== undefined) return cached;
  const start = hourIndex * HOUR_MS;
  const first = offsetAt(zone.formatter, start);
  const last = offsetAt(zone.formatter, start + HOUR_MS - 1000);
  // NaN (parts that could not be read back) is never equal to itself, so it falls back to Intl too.
  const steady = first.offsetMs === last.offsetMs && first.zoneName === last.zoneName;
  const hour: HourInZone = steady ? first : null;
  if (zone.hours.size >= MAX_HOURS_PER_ZONE) zone.hours.clear();
  zone.hours.set(hourIndex, hour);
  return hour;
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

export function formatGridDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const zone = zoneFormat(timeZone);
  const hour = hourInZone(zone, Math.floor(ms / HOUR_MS));
  const local = hour ? new Date(Math.floor(ms / 1000) * 1000 + hour.offsetMs) : null;
  if (!hour || !local || local.getUTCFullYear() < 1000 || local.getUTCFullYear() > 9999) return joinParts(partsOf(zone.formatter, new Date(ms)));
  const hours = local.getUTCHours();
  return (
    `${MONTHS[local.getUTCMonth()]} ${pad2(local.getUTCDate())}, ${local.getUTCFullYear()} ` +
    `${pad2(hours % 12 === 0 ? 12 : hours % 12)}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())} ` +
    `${hours < 12 ? AM : PM} ${hour.zoneName}`
  );
}
