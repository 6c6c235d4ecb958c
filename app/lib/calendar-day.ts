/**
 * A calendar day as the grid's URL writes it (YYYY-MM-DD) and as a date picker holds it: a local
 * midnight Date. The picker only ever shows and returns days, so the browser's own zone never
 * moves one: the day is the user's zone's day the server wrote, read and written back unchanged.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight of a YYYY-MM-DD day, or null for an empty or malformed one. */
export function dayToDate(day: string | null | undefined): Date | null {
  const match = DAY.exec(day ?? "");
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const local = new Date(year, month - 1, date);
  // 2026-02-31 is not a day: Date would roll it into March.
  return local.getFullYear() === year && local.getMonth() === month - 1 && local.getDate() === date ? local : null;
}

/** The YYYY-MM-DD of a picked day (its local calendar day), or "" for none. */
export function dateToDay(date: Date | null | undefined): string {
  if (!date) return "";
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${String(date.getFullYear()).padStart(4, "0")}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
