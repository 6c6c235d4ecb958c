import { DEFAULT_PAGE_SIZE, gridColumns, gridDefinition, gridFilters, PAGE_SIZES } from "~/grid/definition";
import { onlyTrusted, trustSwitch } from "~/grid/trust-switch";
import { TEST_SHOP_NOTE } from "~/modules/transactions/grid";

/**
 * Shop Registrations (dashboards spec §2.4, §3 Shop registration, §9): every registration of a
 * shop with a provider, last modified first, 20 rows, test shops grayed. `trust=Y` is the grid's
 * own switch for the trust actions (it only shows them; every action checks the page itself):
 * Update RF Details, Resend, DeRegister and Delete, the last two asking first (decision 0044).
 * trust=Y is never remembered and never carried off the page (decision 0063).
 */
export const SHOP_REGISTRATIONS_PATH = "/admin/shopRegistration";
/** The page permission of the screen, and of its writes (the spec names no other). */
export const SHOP_REGISTRATIONS_PAGE = "shopRegistration";
export const REGISTRATIONS_NOTE = TEST_SHOP_NOTE;

export const REGISTRATION_INTENTS = {
  updateRfDetails: "updateRfDetails",
  resend: "resendShopRegistration",
  deregister: "deregisterShopRegistration",
  delete: "deleteShopRegistration",
} as const;

const columns = gridColumns([
  { id: "id", label: "Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "providerId", label: "Provider Id", defaultVisible: false, sortable: true, width: "id", align: "end" },
  { id: "providerName", label: "Provider Name", defaultVisible: true, sortable: true, width: "name" },
  { id: "providerCustomerId", label: "Provider Customer Id", defaultVisible: false, sortable: true, width: "medium" },
  { id: "licenseKey", label: "License Key", defaultVisible: true, sortable: true, width: "short" },
  { id: "shopId", label: "Shop Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "shopName", label: "Shop Name", defaultVisible: true, sortable: true, width: "name" },
  { id: "address", label: "Address", defaultVisible: false, sortable: false, width: "wide" },
  { id: "city", label: "City", defaultVisible: true, sortable: true, width: "medium" },
  { id: "state", label: "State", defaultVisible: true, sortable: true, width: "short" },
  { id: "zipCode", label: "Zip Code", defaultVisible: false, sortable: true, width: "short" },
  { id: "createdDateTime", label: "Created", defaultVisible: false, sortable: true, width: "dateTime", dateStyle: "table" },
  { id: "lastModifiedDateTime", label: "Last Modified", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "table" },
  { id: "active", label: "Active", defaultVisible: true, sortable: true, width: "short" },
  { id: "diagnosticsProducts", label: "Diagnostics Products", defaultVisible: false, sortable: false, width: "wide" },
  { id: "providerStatus", label: "Provider Status", defaultVisible: true, sortable: true, width: "short" },
]);

/** Resend and DeRegister act on active registrations only (an inactive one is refused with its reason). */
const ACTIVE_ROWS = { column: "active", value: "Active" } as const;

const choices = (values: ReadonlyArray<readonly [string, string]>) => values.map(([value, label]) => ({ value, label }));

const filters = gridFilters([
  { id: "licenseKey", label: "License Key", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "shopId", label: "Shop Id", kind: { type: "text", maxLength: 8, digits: true } },
  { id: "zipCode", label: "Zip Code", kind: { type: "text", maxLength: 8, digits: true } },
  {
    id: "isTest",
    label: "Test Shop",
    kind: {
      type: "select",
      options: choices([
        ["Y", "Yes"],
        ["N", "No"],
      ]),
    },
  },
  {
    id: "active",
    label: "Status",
    kind: {
      type: "select",
      options: choices([
        ["Active", "Active"],
        ["Inactive", "Inactive"],
      ]),
    },
  },
  { id: "provider", label: "Provider", kind: { type: "select" } },
  {
    id: "providerStatus",
    label: "Provider Status",
    kind: {
      type: "select",
      options: choices([
        ["Success", "Success"],
        ["Pending", "Pending"],
        ["Failed", "Failed"],
      ]),
    },
  },
  { id: "shopName", label: "Shop Name", kind: { type: "text", maxLength: 100 } },
  { id: "city", label: "City", kind: { type: "text", maxLength: 100 } },
  { id: "providerCustomerId", label: "Provider Customer Id", kind: { type: "text", maxLength: 100 } },
]);

export const shopRegistrationsGrid = gridDefinition({
  id: "shopRegistration",
  path: SHOP_REGISTRATIONS_PATH,
  title: "Shop Registrations",
  columns,
  filters,
  defaultSort: { column: "lastModifiedDateTime", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  params: [trustSwitch],
  actions: [
    { intent: REGISTRATION_INTENTS.updateRfDetails, label: "Update RF Details", placement: "row", shownWhen: onlyTrusted },
    { intent: REGISTRATION_INTENTS.resend, label: "Resend", placement: "row", shownWhen: onlyTrusted, offeredOn: ACTIVE_ROWS },
    {
      intent: REGISTRATION_INTENTS.deregister,
      label: "DeRegister",
      placement: "row",
      shownWhen: onlyTrusted,
      offeredOn: ACTIVE_ROWS,
      confirm: "De-register this shop registration? It stays in the list as Inactive.",
    },
    {
      intent: REGISTRATION_INTENTS.delete,
      label: "Delete",
      placement: "row",
      shownWhen: onlyTrusted,
      confirm: "Delete this shop registration? This cannot be undone.",
    },
  ],
});
