import { formatReading } from "~/lib/date-format";
import type { ColumnWidth, DateStyle } from "./definition";

/**
 * What a cell shows of its value: a `dateTime` cell's reading ("2026-11-23 23:44:04", the CSV's
 * form in the grid's zone) in its column's style, "23-Nov-26 11:44 PM" for "table" (the default)
 * or "Nov 23, 2026 11:44:04 PM" for "configuration"; anything else as it is (decisions 0030, 0070).
 */
export function cellDisplay(width: ColumnWidth, value: string, dateStyle: DateStyle = "table"): string {
  return width === "dateTime" ? formatReading(value, dateStyle) : value;
}

/** A cell's title: its whole value, a `dateTime` to the second (the detail views' format, or the Configurations screen's own). */
export function cellTitle(width: ColumnWidth, value: string, dateStyle: DateStyle = "table"): string {
  return width === "dateTime" ? formatReading(value, dateStyle === "configuration" ? "configuration" : "detail") : value;
}

/** Where a header label may break: between the words of a run-together label ('InvoiceStatus'). */
export function labelParts(label: string): string[] {
  return label.split(/(?<=[a-z])(?=[A-Z])/);
}
