import { DEFAULT_PAGE_SIZE, gridColumns, gridDefinition, gridFilters, PAGE_SIZES } from "~/grid/definition";
import { parseScriptNumber } from "~/modules/transaction-results/special-function-info";
import { SCAN_TYPES } from "~/modules/transactions/vocabulary";

/** The ?sf= parameter of View Results (the special function whose info is open without JavaScript). */
export const SPECIAL_FUNCTION_PARAM = "sf";

/**
 * The Scan Results table (transactions spec §2 "Scan Results table", §7 the scan-response search):
 * one row per scan response. The spec lists no columns; the choice and the default visible ones
 * are recorded in docs/decisions/0014-scan-results-table.md.
 */
const columns = gridColumns([
  { id: "scanResponseId", label: "Scan Response ID", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "scanRequestId", label: "Request ID", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "providerResponseId", label: "Provider Response ID", defaultVisible: false, sortable: true, width: "short" },
  { id: "providerName", label: "Provider", defaultVisible: true, sortable: true, width: "medium" },
  { id: "providerId", label: "Provider Id", defaultVisible: false, sortable: true, width: "id", align: "end" },
  { id: "shopId", label: "Shop Id", defaultVisible: false, sortable: true, width: "id", align: "end" },
  { id: "cccLicenseNumber", label: "License #", defaultVisible: false, sortable: true, width: "short" },
  { id: "shopName", label: "Shop Name", defaultVisible: true, sortable: true, width: "medium" },
  { id: "serialNo", label: "Serial #", defaultVisible: false, sortable: true, width: "short" },
  { id: "createdDateTime", label: "Created Date", defaultVisible: true, sortable: true, width: "dateTime" },
  { id: "lastModifiedDateTime", label: "Last Updated Date", defaultVisible: false, sortable: true, width: "dateTime" },
  { id: "year", label: "Year", defaultVisible: true, sortable: true, width: "year", align: "end" },
  { id: "make", label: "Make", defaultVisible: true, sortable: true, width: "short" },
  { id: "model", label: "Model", defaultVisible: true, sortable: true, width: "short" },
  { id: "vin", label: "VIN", defaultVisible: true, sortable: true, width: "code" },
  { id: "scanType", label: "Scan Type", defaultVisible: true, sortable: true, width: "short" },
  { id: "scanPhase", label: "Scan Phase", defaultVisible: false, sortable: true, width: "short" },
  { id: "status", label: "Status", defaultVisible: true, sortable: true, width: "short" },
  { id: "invoiceStatus", label: "InvoiceStatus", defaultVisible: false, sortable: true, width: "short" },
  { id: "ccconeStatus", label: "CCCOne Status", defaultVisible: true, sortable: true, width: "short" },
  { id: "diagnosticReportRetryCount", label: "Report Retry Count", defaultVisible: false, sortable: true, width: "id", align: "end" },
  { id: "invoiceRetryCount", label: "Invoice Retry Count", defaultVisible: false, sortable: true, width: "id", align: "end" },
]);

const filters = gridFilters([
  { id: "provider", label: "Provider", kind: { type: "select" } },
  { id: "shopId", label: "Shop Id", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "vin", label: "VIN", kind: { type: "text", maxLength: 17, case: "upper" } },
  { id: "scanType", label: "Scan Type", kind: { type: "select", options: SCAN_TYPES.map((value) => ({ value, label: value })) } },
  { id: "status", label: "Status", kind: { type: "select" } },
]);

export const SCAN_RESULTS_PATH = "/transactions/scanResults";

export const scanResultsGrid = gridDefinition({
  id: "scanResults",
  path: SCAN_RESULTS_PATH,
  title: "Scan Results",
  columns,
  filters,
  defaultSort: { column: "createdDateTime", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  dateRange: { label: "Scan Date", defaultDays: 7 },
  // View Results of the expanded row: the special function whose info is open without JavaScript.
  params: [{ id: SPECIAL_FUNCTION_PARAM, label: "Special function", parse: parseScriptNumber, withExpanded: true }],
});
