import { DEFAULT_PAGE_SIZE, gridDefinition, PAGE_SIZES } from "~/grid/definition";

/**
 * The Providers table (platform spec §2 Providers screen, §3 Provider): the version 2.0 providers,
 * the one with code AHMC left out, last modified first, 20 rows. Dates in the admin tables'
 * DD-MMM-YY hh:mm A.
 */
export const PROVIDERS_PATH = "/admin/providers";
export const SAVE_PROVIDER_INTENT = "saveProvider";
export const NEW_PROVIDER_PATH = "/admin/providers/new";
/** The grid view's offer of 'Add new provider' (page addingNewProvider; the new-provider page checks again). */
export const ADD_PROVIDER_OFFER = "addProvider";

export const providersGrid = gridDefinition({
  id: "providers",
  path: PROVIDERS_PATH,
  title: "Providers",
  auditEntity: "provider",
  columns: [
    { id: "providerId", label: "Provider Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
    { id: "providerName", label: "Provider Name", defaultVisible: true, sortable: true, width: "wide" },
    { id: "providerType", label: "Provider Type", defaultVisible: true, sortable: true, width: "wide" },
    { id: "providerCd", label: "Provider Code", defaultVisible: true, sortable: true, width: "short" },
    { id: "status", label: "Status", defaultVisible: true, sortable: true, width: "short" },
    { id: "city", label: "City", defaultVisible: false, sortable: true, width: "medium" },
    { id: "state", label: "State", defaultVisible: false, sortable: true, width: "short" },
    { id: "updatedBy", label: "Updated By", defaultVisible: false, sortable: true, width: "medium" },
    { id: "createdDateTime", label: "Created Date", defaultVisible: false, sortable: true, width: "dateTime", dateStyle: "table" },
    { id: "updatedDateTime", label: "Last Modified Date", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "table" },
  ],
  filters: [
    { id: "providerId", label: "Provider Id", kind: { type: "text", maxLength: 9, digits: true } },
    { id: "providerName", label: "Provider Name", kind: { type: "text", maxLength: 100 } },
    { id: "providerType", label: "Provider Type", kind: { type: "text", maxLength: 100 } },
    { id: "providerCd", label: "Provider Code", kind: { type: "text", maxLength: 20, case: "upper" } },
    {
      id: "status",
      label: "Status",
      kind: {
        type: "select",
        options: [
          { value: "Active", label: "Active" },
          { value: "Inactive", label: "Inactive" },
        ],
      },
    },
  ],
  defaultSort: { column: "updatedDateTime", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  // The detail form's Save (changingProviderData besides the page).
  actions: [{ intent: SAVE_PROVIDER_INTENT, label: "Save", placement: "detail" }],
});
