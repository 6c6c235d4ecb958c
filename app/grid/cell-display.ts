import type { ColumnWidth, DateStyle } from "./definition";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Nov 23, 2026 11:44:04 PM CST", the spec's grid format (lib/grid-date-format.ts). */
const SPEC_DATE_TIME = /^(([A-Z][a-z]{2}) (\d{2}), \d{2}(\d{2}) (\d{2}:\d{2}):\d{2} ([AP]M))(?: \S+)?$/;

/**
 * What a cell shows of its value: a date and time compactly, "11/23/26 11:44 PM", or with the
 * "table" style "23-Nov-26 11:44 PM", or with the "long" style "Nov 23, 2026 11:44:04 PM" (the zone
 * is named by the date chip; the full value shows on hover, in the expanded row and in the CSV);
 * anything else as it is (decision 0030).
 */
export function cellDisplay(width: ColumnWidth, value: string, dateStyle: DateStyle = "numeric"): string {
  if (width !== "dateTime") return value;
  const match = SPEC_DATE_TIME.exec(value);
  if (!match) return value;
  const [, withoutZone, month, day, year, time, half] = match;
  const monthNumber = MONTHS.indexOf(month) + 1;
  if (monthNumber === 0) return value;
  if (dateStyle === "long") return withoutZone;
  if (dateStyle === "table") return `${day}-${month}-${year} ${time} ${half}`;
  return `${String(monthNumber).padStart(2, "0")}/${day}/${year} ${time} ${half}`;
}

/** Where a header label may break: between the words of a run-together label ('InvoiceStatus'). */
export function labelParts(label: string): string[] {
  return label.split(/(?<=[a-z])(?=[A-Z])/);
}
