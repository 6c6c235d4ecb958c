import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type GridColumn, type GridDefinition, type GridFilter } from "~/grid/definition";

/**
 * The Quotes grid (transactions spec §2): every column shown, no sorting (always newest first by
 * Last Updated Date), the date range on Last Updated Date, and filters whose options come from
 * QUOTE_FILTER_OPTIONS at run time.
 */
const column = (id: string, label: string): GridColumn => ({ id, label, defaultVisible: true, sortable: false });

const columns: readonly GridColumn[] = [
  column("quoteId", "Quote ID"),
  column("providerName", "Provider"),
  column("providerId", "Provider ID"),
  column("shopId", "Shop Id"),
  column("licenseNumber", "License #"),
  column("shopName", "Shop Name"),
  column("repairOrderNumber", "Repair Order#"),
  column("workfileId", "Workfile Id"),
  column("lastModifiedDateTime", "Last Updated Date"),
  column("year", "Year"),
  column("make", "Make"),
  column("model", "Model"),
  column("vin", "VIN"),
  column("repairPhase", "Repair Phase"),
  column("status", "Process status"),
  column("serviceReceived", "Service Received"),
];

const filters: readonly GridFilter[] = [
  { id: "provider", label: "Provider", kind: { type: "select" } },
  { id: "shopId", label: "Shop Id", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "licenseNo", label: "License #", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "vin", label: "VIN", kind: { type: "text", maxLength: 17, case: "upper" } },
  { id: "status", label: "Process status", kind: { type: "select" } },
];

export const quotesGrid: GridDefinition = {
  id: "quotes",
  path: "/transactions/quotes",
  title: "Quotes",
  columns,
  filters,
  defaultSort: { column: "lastModifiedDateTime", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  dateRange: { label: "Date", defaultDays: 7 },
};
