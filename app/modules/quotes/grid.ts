import { type ColumnWidth, DEFAULT_PAGE_SIZE, type GridColumn, gridColumns, gridDefinition, gridFilters, PAGE_SIZES } from "~/grid/definition";

/**
 * The Quotes grid (transactions spec §2): the spec's columns (twelve shown by default), no sorting (always newest first by
 * Last Updated Date), the date range on Last Updated Date, and filters whose options come from
 * QUOTE_FILTER_OPTIONS at run time.
 */
const column = <const Id extends string>(id: Id, label: string, width: ColumnWidth, extra: Partial<Omit<GridColumn, "id">> = {}): GridColumn<Id> => ({
  id,
  label,
  defaultVisible: true,
  sortable: false,
  width,
  ...extra,
});
/** Shown with the column chooser; left out by default so the default columns fit a 1280 px window (decision 0030). */
const chosen = { defaultVisible: false };

const columns = gridColumns([
  column("quoteId", "Quote ID", "id", { align: "end" }),
  column("providerName", "Provider", "medium"),
  column("providerId", "Provider ID", "id", { align: "end", ...chosen }),
  column("shopId", "Shop Id", "id", { align: "end", ...chosen }),
  column("licenseNumber", "License #", "short", chosen),
  column("shopName", "Shop Name", "medium"),
  column("repairOrderNumber", "Repair Order#", "short"),
  column("workfileId", "Workfile Id", "short", chosen),
  column("lastModifiedDateTime", "Last Updated Date", "dateTime"),
  column("year", "Year", "year", { align: "end" }),
  column("make", "Make", "short"),
  column("model", "Model", "short"),
  column("vin", "VIN", "code"),
  column("repairPhase", "Repair Phase", "short"),
  column("status", "Process status", "short"),
  column("serviceReceived", "Service Received", "year"),
]);

const filters = gridFilters([
  { id: "provider", label: "Provider", kind: { type: "select" } },
  { id: "shopId", label: "Shop Id", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "licenseNo", label: "License #", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "vin", label: "VIN", kind: { type: "text", maxLength: 17, case: "upper" } },
  { id: "status", label: "Process status", kind: { type: "select" } },
]);

export const quotesGrid = gridDefinition({
  id: "quotes",
  path: "/transactions/quotes",
  title: "Quotes",
  columns,
  filters,
  defaultSort: { column: "lastModifiedDateTime", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  dateRange: { label: "Date", defaultDays: 7 },
});
