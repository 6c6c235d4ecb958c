import type { GridColumnGroup, GridDefinition } from "~/grid/definition";

/**
 * A test-only grid shaped like the adoption report: row fields, then five measures under one group
 * per month of the grid's own `months` parameter (`YYYY-MM..YYYY-MM`, 2 to 5 months).
 */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function monthIndex(month: string): number | null {
  const match = MONTH.exec(month);
  return match ? Number(match[1]) * 12 + Number(match[2]) - 1 : null;
}

function monthOf(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export function parseMonths(raw: string): string | null {
  const [from, to, extra] = raw.split("..");
  if (extra !== undefined || from === undefined || to === undefined) return null;
  const start = monthIndex(from);
  const end = monthIndex(to);
  if (start === null || end === null || end - start < 1 || end - start > 4) return null;
  return `${from}..${to}`;
}

export function monthsOf(range: string): GridColumnGroup[] {
  const [from, to] = range.split("..");
  const start = monthIndex(from ?? "");
  const end = monthIndex(to ?? "");
  if (start === null || end === null) return [];
  const groups: GridColumnGroup[] = [];
  for (let index = start; index <= end; index++) {
    groups.push({ id: monthOf(index), label: `${MONTH_NAMES[index % 12]} ${Math.floor(index / 12)}` });
  }
  return groups;
}

export const MEASURES = ["roCount", "uniqueScanCntRoLinked", "totalScanCntRoLinked", "uniqueScanCnt", "totalScanCnt"] as const;

export const monthGroupsGrid: GridDefinition = {
  id: "month-groups",
  path: "/month-groups",
  title: "Month Groups",
  columns: [
    { id: "rfNm", label: "Shop Name", defaultVisible: true, sortable: true },
    { id: "rfStCd", label: "State", defaultVisible: true, sortable: false },
    { id: "msoNm", label: "MSO Name", defaultVisible: false, sortable: true },
    { id: "roCount", label: "RO Count", defaultVisible: true, sortable: true },
    { id: "uniqueScanCntRoLinked", label: "Unique Scan Count (RO Linked)", defaultVisible: true, sortable: true },
    { id: "totalScanCntRoLinked", label: "Total Scan Count (RO Linked)", defaultVisible: true, sortable: true },
    { id: "uniqueScanCnt", label: "Unique Scan Count", defaultVisible: true, sortable: true },
    { id: "totalScanCnt", label: "Total Scan Count", defaultVisible: true, sortable: false },
  ],
  filters: [{ id: "rfStCd", label: "State", kind: { type: "text", maxLength: 2, case: "upper" } }],
  defaultSort: { column: "rfNm", dir: "asc" },
  pageSizes: [10, 20],
  defaultPageSize: 10,
  params: [{ id: "months", label: "Months", parse: parseMonths, defaultValue: "2026-06..2026-07" }],
  columnGroups: {
    measures: MEASURES,
    groupsFor: ({ params }) => monthsOf(params.months ?? ""),
  },
};
