import { DEFAULT_PAGE_SIZE, gridColumns, gridDefinition, gridFilters, PAGE_SIZES } from "~/grid/definition";
import { SHOP_STATUSES } from "~/modules/dashboard/shop-statuses";
import { SCANNED_FILTER } from "./scanned-periods";

/**
 * The dashboard's Shop List (dashboards spec §2.1, §4, §5, §9; decision 0046): one row per
 * registration of the chosen provider, or of every provider one can choose when none is chosen
 * (decision 0064), test shops left out, with its Shop List status. Its totals are the Shop List
 * card's counts. Without a provider one shop can be several rows: the Provider column tells them
 * apart, shown by default then and offered in the column chooser otherwise.
 */
export const SHOP_LIST_PATH = "/dashboard/kpi/shopList";
export const SHOP_LIST_PAGE = "dashboard";
/** Provider Status 'NA': the registration has none (spec §5). */
export const NO_PROVIDER_STATUS = "NA";
export const EMPTY_PROVIDER_STATUS = "--";

const columns = gridColumns([
  { id: "shopId", label: "Shop Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "license", label: "License #", defaultVisible: true, sortable: true, width: "short" },
  { id: "shopName", label: "Shop Name", defaultVisible: true, sortable: true, width: "wide" },
  { id: "providerName", label: "Provider", defaultVisible: false, defaultVisibleWithout: "provider", sortable: true, width: "medium" },
  { id: "address", label: "Address", defaultVisible: true, sortable: true, width: "name" },
  { id: "city", label: "City", defaultVisible: true, sortable: true, width: "medium" },
  { id: "state", label: "State", defaultVisible: true, sortable: true, width: "short" },
  { id: "zip", label: "Zip", defaultVisible: true, sortable: true, width: "short" },
  { id: "regisStatus", label: "Registered", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "table" },
  { id: "createdDateTime", label: "Created", defaultVisible: false, sortable: true, width: "dateTime", dateStyle: "table" },
  { id: "status", label: "Status", defaultVisible: true, sortable: false, width: "name" },
  { id: "providerStatus", label: "Provider Status", defaultVisible: true, sortable: true, width: "short" },
]);

const filters = gridFilters([
  { id: "provider", label: "Provider", kind: { type: "select" } },
  { id: "shopId", label: "Shop Id", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "license", label: "License #", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "shopName", label: "Shop Name", kind: { type: "text", maxLength: 100 } },
  { id: "address", label: "Address", kind: { type: "text", maxLength: 100 } },
  { id: "city", label: "City", kind: { type: "text", maxLength: 50 } },
  { id: "state", label: "State", kind: { type: "text", maxLength: 2, letters: true, case: "upper" } },
  { id: "zip", label: "Zip", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "status", label: "Status", kind: { type: "multiSelect", options: SHOP_STATUSES.map((status) => ({ value: status, label: status })) } },
  { id: "providerStatus", label: "Provider Status", kind: { type: "select" } },
  { id: SCANNED_FILTER, label: "Successful scan in", kind: { type: "select" } },
]);

export const shopListGrid = gridDefinition({
  id: "shopList",
  path: SHOP_LIST_PATH,
  title: "Shop List",
  csvFileName: "Registered-Shop-List.csv",
  columns,
  filters,
  defaultSort: { column: "shopName", dir: "asc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  // The registrations created in some days (the Shop Adoption Trend's bars); every date by default.
  dateRange: { label: "Created", defaultDays: null },
});
