import { derivedColumnId } from "~/grid/column-layout";
import { linkIntoGrid } from "~/grid/link-into-grid";
import { formatReading } from "~/lib/date-format";
import { exactCount } from "~/lib/number-format";
import { transactionsGrid } from "~/modules/transactions/grid";
import { MEASURES, type Measure } from "./grid";
import { measureAlias } from "./measure-alias";
import { lastDayOf, type ReportMonth } from "./months";
import { ROW_FIELDS, type AdoptionRow, type RowField } from "./row";

/** Trend (spec §3: true, false or null) as a mark with its words, so the mark is never the only sign. */
export const TREND_WORDS = { rising: "Rising", falling: "Falling", none: "None" } as const;
const TREND_MARKS = { rising: "▲", falling: "▼", none: "–" } as const;

function trendOf(value: number | null): keyof typeof TREND_WORDS {
  return value === 1 ? "rising" : value === 0 ? "falling" : "none";
}

/**
 * A calendar date: in the tables' day format on the page (DD-MMM-YY, spec §9 without the time a
 * date does not have), YYYY-MM-DD in the CSV (decision 0070).
 */
export function reportDay(value: unknown, target: "grid" | "csv"): string {
  if (value === null || value === undefined || value === "") return "";
  const day = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  return formatReading(day, target === "grid" ? "tableDay" : "csvDay");
}

/** A count: with thousands separators on the page, bare digits in the CSV. */
function count(value: unknown, target: "grid" | "csv"): string {
  if (value === null || value === undefined) return "";
  return target === "grid" ? exactCount(Number(value)) : String(Number(value));
}

/** A count cell read back as a number (the heat map's shades). */
function countOf(cell: string | undefined): number {
  return Number((cell ?? "").replace(/,/g, "")) || 0;
}

const ROW_CELLS: Record<RowField, (row: AdoptionRow, target: "grid" | "csv") => string> = {
  rfNm: (row) => row.rfNm ?? "",
  providerId: (row) => row.providerName ?? String(row.providerId),
  msoNm: (row) => row.msoNm ?? "",
  rfId: (row) => String(row.rfId),
  rfStCd: (row) => row.rfStCd ?? "",
  rfLicNum: (row) => (row.rfLicNum === null ? "" : String(row.rfLicNum)),
  activationDt: (row, target) => reportDay(row.activationDt, target),
  firstScanDt: (row, target) => reportDay(row.firstScanDt, target),
  isShopActive: (row) => row.isShopActive,
  trend: (row, target) => {
    const trend = trendOf(row.trend);
    return target === "grid" ? `${TREND_MARKS[trend]} ${TREND_WORDS[trend]}` : trend === "none" ? "" : TREND_WORDS[trend];
  },
};

/** A report row's cells as the grid shows them or the CSV writes them. */
export type AdoptionCellWriter = (row: AdoptionRow) => Record<string, string>;

/**
 * The writer of a page's or an export's cells: the row fields, then `<month id>.<measure>` for each
 * shown month (the grid engine's derived column ids). The measure columns and the aliases they are
 * selected as are worked out once here, not for every row.
 */
export function adoptionCellWriter(
  months: readonly ReportMonth[],
  target: "grid" | "csv",
  /** The measures to write (the shown ones). */
  measures: readonly Measure[] = MEASURES,
  /** The row fields to write (the CSV's shown ones, which its query reads; every one for the grid). */
  fields: readonly RowField[] = ROW_FIELDS,
): AdoptionCellWriter {
  const measureKeys = months.flatMap((month, index) => measures.map((measure) => [derivedColumnId(month.id, measure), measureAlias(index, measure)] as const));
  return (row) => {
    const cells: Record<string, string> = {};
    for (const field of fields) cells[field] = ROW_CELLS[field](row, target);
    for (const [columnId, alias] of measureKeys) cells[columnId] = count(row[alias], target);
    return cells;
  };
}

/**
 * The transactions grid behind a month's Total Scan Count: the shop's requests with the row's
 * provider, created in that month in America/Chicago (to today in the current month), so the
 * grid's total equals the cell (decision 0052); a drill-through, which leaves the user's own
 * remembered query as it is (decision 0065).
 */
export function monthTransactionsHref(row: Pick<AdoptionRow, "providerId" | "rfId">, month: ReportMonth, today: string): string {
  const last = lastDayOf(month.first);
  return linkIntoGrid(
    transactionsGrid,
    {
      filters: { provider: row.providerId, shopId: row.rfId },
      days: { from: month.first, to: last < today ? last : today, zone: "America/Chicago" },
      drillThrough: true,
    },
    today,
  );
}

/** Heat-map levels 1..4 of each shown measure cell against the largest value of its column on the page. */
export function heatShades(cells: readonly Record<string, string>[], columnIds: readonly string[]): Record<string, number>[] {
  const max = new Map<string, number>();
  for (const id of columnIds) max.set(id, Math.max(0, ...cells.map((row) => countOf(row[id]))));
  return cells.map((row) => {
    const shades: Record<string, number> = {};
    for (const id of columnIds) {
      const value = countOf(row[id]);
      const top = max.get(id) ?? 0;
      if (value > 0 && top > 0) shades[id] = Math.max(1, Math.ceil((value / top) * 4));
    }
    return shades;
  });
}
