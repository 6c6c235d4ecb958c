import { DEFAULT_PAGE_SIZE, gridColumns, gridDefinition, gridFilters, PAGE_SIZES } from "~/grid/definition";
import { drillThrough } from "~/grid/drill-through";
import { REQUEST_TYPES, SCAN_TYPES } from "./vocabulary";

/**
 * The Transactions and Services grids (transactions spec §2). Options that come from
 * configuration (statuses, phases, ...) or the database (providers, shops) are given at run time.
 */
const allColumns = gridColumns([
  { id: "scanRequestId", label: "Request ID", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "masterId", label: "Master ID", defaultVisible: false, sortable: true, width: "id", align: "end" },
  { id: "providerName", label: "Provider", defaultVisible: true, sortable: true, width: "medium" },
  { id: "providerScanStatus", label: "Provider Status", defaultVisible: false, sortable: true, width: "short" },
  { id: "providerId", label: "Provider Id", defaultVisible: false, sortable: true, width: "id", align: "end" },
  { id: "shopId", label: "Shop Id", defaultVisible: false, sortable: true, width: "id", align: "end" },
  { id: "licenseNo", label: "License #", defaultVisible: false, sortable: true, width: "short" },
  { id: "shopName", label: "Shop Name", defaultVisible: true, sortable: true, width: "medium" },
  { id: "repairOrderNo", label: "Repair Order#", defaultVisible: false, sortable: true, width: "short" },
  { id: "createdDateTime", label: "Last Updated Date", defaultVisible: true, sortable: true, width: "dateTime" },
  { id: "year", label: "Year", defaultVisible: true, sortable: true, width: "year", align: "end" },
  { id: "make", label: "Make", defaultVisible: true, sortable: true, width: "short" },
  { id: "model", label: "Model", defaultVisible: false, sortable: true, width: "short" },
  { id: "vin", label: "VIN", defaultVisible: true, sortable: true, width: "code" },
  { id: "scanType", label: "Scan Type", defaultVisible: true, sortable: true, width: "short" },
  { id: "providerServiceName", label: "Provider Service Name", defaultVisible: true, sortable: true, width: "medium" },
  { id: "type", label: "Type", defaultVisible: true, sortable: true, width: "short" },
  { id: "scanPhase", label: "Scan Phase", defaultVisible: false, sortable: true, width: "short" },
  { id: "status", label: "Process Status", defaultVisible: true, sortable: true, width: "medium" },
  { id: "invoiceStatus", label: "InvoiceStatus", defaultVisible: true, sortable: true, width: "short" },
  { id: "clientType", label: "Client Type", defaultVisible: false, sortable: true, width: "short" },
  { id: "isBillable", label: "Billable", defaultVisible: false, sortable: true, width: "year" },
]);

const yesNo = [
  { value: "Y", label: "Yes" },
  { value: "N", label: "No" },
] as const;

const allFilters = gridFilters([
  { id: "isTest", label: "Is Test", kind: { type: "select", options: yesNo } },
  // Several providers: the dashboard's every selectable provider links here with each of them (decision 0064).
  { id: "provider", label: "Provider", kind: { type: "multiSelect", selectAll: true } },
  { id: "shopId", label: "Shop Id", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "licenseNo", label: "License #", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "providerScanStatus", label: "Provider Status", kind: { type: "select" } },
  { id: "vin", label: "VIN", kind: { type: "text", maxLength: 17, case: "upper" } },
  { id: "scanType", label: "Scan Type", kind: { type: "select", options: SCAN_TYPES.map((value) => ({ value, label: value })) } },
  { id: "make", label: "Make", kind: { type: "select" } },
  { id: "providerScanType", label: "Provider Scan Type", kind: { type: "select" } },
  { id: "providerServiceName", label: "Provider Service Name", kind: { type: "text", maxLength: 100 } },
  { id: "type", label: "Type", kind: { type: "multiSelect", case: "lower", options: REQUEST_TYPES.map((value) => ({ value, label: value })) } },
  { id: "scanPhase", label: "Scan Phase", kind: { type: "select" } },
  { id: "status", label: "Process Status", kind: { type: "multiSelect", case: "lower" } },
  { id: "invoiceStatus", label: "Invoice Status", kind: { type: "select" } },
  { id: "clientType", label: "Client Type", kind: { type: "select" } },
  { id: "billable", label: "Billable", kind: { type: "select", options: yesNo } },
  { id: "shop", label: "Shops", kind: { type: "multiSelect", selectAll: true } },
]);

export const transactionsGrid = gridDefinition({
  id: "transactions",
  path: "/transactions",
  title: "Transactions",
  columns: allColumns,
  filters: allFilters,
  defaultSort: { column: "createdDateTime", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  dateRange: { label: "Date", defaultDays: 7 },
  // The dashboards' and the Adoption report's numbers link here as drill-throughs (decision 0065).
  params: [drillThrough],
});

/**
 * Services: no Master ID or Billable column, so no Billable filter either, and no type filter; it
 * always asks for type services, so its Type column (always 'services') is offered in the column
 * chooser but not shown by default.
 */
export const servicesGrid = gridDefinition({
  ...transactionsGrid,
  id: "services",
  path: "/transactions/services",
  title: "Services",
  columns: allColumns
    .filter((column) => column.id !== "masterId" && column.id !== "isBillable")
    .map((column) => (column.id === "type" ? { ...column, defaultVisible: false } : column)),
  filters: allFilters.filter((filter) => filter.id !== "type" && filter.id !== "billable"),
  dateRange: { label: "Scan Date", defaultDays: 7 },
});

export const TEST_SHOP_NOTE = "Grayed rows are test shops.";
