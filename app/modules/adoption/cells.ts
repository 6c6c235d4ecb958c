import { derivedColumnId } from "~/grid/column-layout";
import { MEASURES, type Measure } from "./grid";
import { lastDayOf, type ReportMonth } from "./months";
import type { AdoptionRow } from "./grid-query.server";
import { measureAlias } from "./measure-alias";

/** Trend (spec §3: true, false or null) as a mark with its words, so the mark is never the only sign. */
export const TREND_WORDS = { rising: "Rising", falling: "Falling", none: "None" } as const;
const TREND_MARKS = { rising: "▲", falling: "▼", none: "–" } as const;

function trendOf(value: number | null): keyof typeof TREND_WORDS {
  return value === 1 ? "rising" : value === 0 ? "falling" : "none";
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A calendar date in the tables' day format (DD-MMM-YY, spec §9 without the time a date does not have). */
export function tableDay(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  const day = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  const [year, month, date] = day.split("-");
  return `${date}-${MONTH_NAMES[Number(month) - 1] ?? month}-${year.slice(2)}`;
}

function count(value: unknown): string {
  return value === null || value === undefined ? "" : String(Number(value));
}

/**
 * A report row's cells as the grid shows them and the CSV writes them: the row fields, then
 * `<month id>.<measure>` for each shown month (the grid engine's derived column ids).
 */
export function adoptionCells(
  row: AdoptionRow,
  months: readonly ReportMonth[],
  target: "grid" | "csv" = "grid",
  /** The measures to write (the shown ones; every one when not given). */
  measures: readonly Measure[] = MEASURES,
): Record<string, string> {
  const trend = trendOf(row.trend);
  const cells: Record<string, string> = {
    rfNm: row.rfNm ?? "",
    providerId: row.providerName ?? String(row.providerId),
    msoNm: row.msoNm ?? "",
    rfId: String(row.rfId),
    rfStCd: row.rfStCd ?? "",
    rfLicNum: row.rfLicNum === null ? "" : String(row.rfLicNum),
    activationDt: tableDay(row.activationDt),
    firstScanDt: tableDay(row.firstScanDt),
    isShopActive: row.isShopActive,
    trend: target === "grid" ? `${TREND_MARKS[trend]} ${TREND_WORDS[trend]}` : trend === "none" ? "" : TREND_WORDS[trend],
  };
  months.forEach((month, index) => {
    for (const measure of measures) cells[derivedColumnId(month.id, measure)] = count(row[measureAlias(index, measure)]);
  });
  return cells;
}

/**
 * The transactions grid behind a month's Total Scan Count: the shop's requests with the row's
 * provider, created in that month in America/Chicago (to today in the current month), so the
 * grid's total equals the cell (decision 0052).
 */
export function monthTransactionsHref(row: Pick<AdoptionRow, "providerId" | "rfId">, month: ReportMonth, today: string): string {
  const last = lastDayOf(month.first);
  const params = new URLSearchParams({
    provider: String(row.providerId),
    shopId: String(row.rfId),
    from: month.first,
    to: last < today ? last : today,
    tz: "America/Chicago",
  });
  return `/transactions?${params.toString()}`;
}

/** Heat-map levels 1..4 of each shown measure cell against the largest value of its column on the page. */
export function heatShades(cells: readonly Record<string, string>[], columnIds: readonly string[]): Record<string, number>[] {
  const max = new Map<string, number>();
  for (const id of columnIds) max.set(id, Math.max(0, ...cells.map((row) => Number(row[id] || 0))));
  return cells.map((row) => {
    const shades: Record<string, number> = {};
    for (const id of columnIds) {
      const value = Number(row[id] || 0);
      const top = max.get(id) ?? 0;
      if (value > 0 && top > 0) shades[id] = Math.max(1, Math.ceil((value / top) * 4));
    }
    return shades;
  });
}
