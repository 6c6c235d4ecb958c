import { ALL_ROWS_PAGE_SIZE, DEFAULT_PAGE_SIZE, type FilterOption, gridColumns, gridDefinition, gridFilters, PAGE_SIZES } from "~/grid/definition";
import { ADOPTION_REPORT_PATH } from "~/modules/dashboard/dashboard-tabs";
import { DEFAULT_MONTHS, MONTHS_PARAM, monthsOfRange, parseRange, rangeOf, rangeParam } from "./months";

/**
 * The Diagnostics Adoption report (dashboards spec §2.2, §3, §5, §9; issue 16; decision 0052): one
 * row per shop registration of the chosen provider, then the five measures under a header group per
 * month of the Months Range.
 */
export const ADOPTION_PATH = ADOPTION_REPORT_PATH;
export const ADOPTION_PAGE = "reports";
export const ADOPTION_TITLE = "Adoption Report";

/** The heat-map switch: `heat=on` shades the measure cells by value. */
export const HEAT_PARAM = "heat";
export const HEAT_ON = "on";

/** The test-shops filter: left out unless asked for (spec §9: test shops are excluded from counts). */
export const TEST_SHOPS_IN = "in";
export const TEST_SHOPS_OUT = "out";

export const MEASURES = ["totalRoCnt", "uniqueScanCntRoLinked", "totalScanCntRoLinked", "uniqueScanCnt", "totalScanCnt"] as const;
export type Measure = (typeof MEASURES)[number];

/**
 * Each month shows the spec's five measures (issue 25 item 6; decision 0066), 25 columns for five
 * months, which no laptop's window holds: the grid is `wide`, its row fields pinned on the left
 * while the months scroll inside the table. The row fields shown are the shop, its id, state,
 * active flag and trend (what fits pinned beside two months at 1280 px); the provider (the chosen
 * one on every row), MSO name, licence number and the two dates are in the column chooser, and the
 * CSV writes every row field whatever the screen shows.
 */
const columns = gridColumns([
  { id: "rfNm", label: "Shop Name", defaultVisible: true, sortable: true, width: "name" },
  { id: "providerId", label: "Provider", defaultVisible: false, sortable: true, width: "medium" },
  { id: "msoNm", label: "MSO Name", defaultVisible: false, sortable: true, width: "medium" },
  { id: "rfId", label: "Repair Facility Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "rfStCd", label: "State", defaultVisible: true, sortable: true, width: "short" },
  { id: "rfLicNum", label: "License Number", defaultVisible: false, sortable: true, width: "id", align: "end" },
  { id: "activationDt", label: "Activation Date", defaultVisible: false, sortable: true, width: "short" },
  { id: "firstScanDt", label: "First Scan Date", defaultVisible: false, sortable: true, width: "short" },
  { id: "isShopActive", label: "Active", defaultVisible: true, sortable: true, width: "short" },
  { id: "trend", label: "Trend", defaultVisible: true, sortable: true, width: "short" },
  { id: "totalRoCnt", label: "RO Count", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "uniqueScanCntRoLinked", label: "Unique Scan Count (RO Linked)", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "totalScanCntRoLinked", label: "Total Scan Count (RO Linked)", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "uniqueScanCnt", label: "Unique Scan Count", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "totalScanCnt", label: "Total Scan Count", defaultVisible: true, sortable: true, width: "id", align: "end" },
]);

/** The header over the row fields: each report row is a shop (its registration with the provider). */
export const ROW_FIELDS_LABEL = "Shop";

const YES_NO: readonly FilterOption[] = [
  { value: "Y", label: "Y" },
  { value: "N", label: "N" },
];

/** Spec §5: text entries are upper-cased, the licence number is a whole number, Is Active is Y or N. */
const filters = gridFilters([
  // The chosen provider is the user's one preferred provider, not the report's own remembered one (decision 0065).
  { id: "provider", label: "Provider", kind: { type: "select" }, remembered: false },
  { id: "rfNm", label: "Shop Name", kind: { type: "text", maxLength: 100, case: "upper" } },
  { id: "msoNm", label: "MSO Name", kind: { type: "text", maxLength: 100, case: "upper" } },
  { id: "rfId", label: "Repair Facility Id", kind: { type: "text", maxLength: 9, digits: true } },
  { id: "rfLicNum", label: "License Number", kind: { type: "text", maxLength: 9, digits: true } },
  { id: "rfStCd", label: "State", kind: { type: "text", maxLength: 2, letters: true, case: "upper" } },
  { id: "rfZipCd", label: "Zip", kind: { type: "text", maxLength: 10, digits: true } },
  { id: "isShopActive", label: "Is Active", kind: { type: "select", options: YES_NO } },
  { id: "isWorkflowShop", label: "Workflow Shop", kind: { type: "select", options: YES_NO } },
  {
    id: "testShops",
    label: "Test Shops",
    kind: {
      type: "select",
      options: [
        { value: TEST_SHOPS_OUT, label: "Excluded" },
        { value: TEST_SHOPS_IN, label: "Included" },
      ],
    },
  },
]);

export const adoptionGrid = gridDefinition({
  id: "adoptionReport",
  path: ADOPTION_PATH,
  title: ADOPTION_TITLE,
  csvFileName: "Diagnostic-Adoption-Report.csv",
  exportLabel: "Export report",
  columns,
  filters,
  defaultSort: { column: "providerId", dir: "asc" },
  pageSizes: [...PAGE_SIZES, ALL_ROWS_PAGE_SIZE],
  defaultPageSize: DEFAULT_PAGE_SIZE,
  params: [
    {
      id: MONTHS_PARAM,
      label: "Months",
      parse: (raw) => {
        const range = parseRange(raw);
        return range ? rangeParam(range) : null;
      },
      defaultValue: DEFAULT_MONTHS,
    },
    { id: HEAT_PARAM, label: "Heat map", parse: (raw) => (raw === HEAT_ON ? HEAT_ON : null) },
  ],
  columnGroups: {
    measures: MEASURES,
    groupsFor: ({ params, today }) => monthsOfRange(rangeOf(params[MONTHS_PARAM]), today).map(({ id, label }) => ({ id, label })),
    fieldsLabel: ROW_FIELDS_LABEL,
  },
  wide: true,
  exportedAlways: columns.filter((column) => !(MEASURES as readonly string[]).includes(column.id)).map((column) => column.id),
});
