import { DEFAULT_PAGE_SIZE, gridColumns, gridDefinition, PAGE_SIZES } from "~/grid/definition";

/**
 * The Applications list (dashboards spec §2.6, §3 Application, §9): the client applications that
 * checked in, newest change first, one search box over id, platform, user id, machine name and the
 * current version. Dates are the admin tables' DD-MMM-YY hh:mm A (docs/decisions/0034).
 */
export const APPLICATIONS_PATH = "/admin/applications";

export const SEARCH_FILTER = "search";

const columns = gridColumns([
  // Ids are DIPAPP- and ten letters or digits: as wide as a VIN, and never cut.
  { id: "id", label: "Id", defaultVisible: true, sortable: true, width: "code" },
  { id: "createdDateTime", label: "Created", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "table" },
  { id: "lastModifiedDateTime", label: "Modified", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "table" },
  { id: "currentVersion", label: "Current Version", defaultVisible: true, sortable: false, width: "short" },
  { id: "platform", label: "Platform", defaultVisible: false, sortable: false, width: "wide" },
  { id: "userId", label: "User Id", defaultVisible: false, sortable: false, width: "wide" },
  { id: "machineName", label: "Machine Name", defaultVisible: false, sortable: false, width: "wide" },
]);

/** The page offer (GridView.offers) of Available Actions: the bulk role assignment for the selected applications' users. */
export const BULK_ROLES_OFFER = "bulkRoles";
export const APPLICATIONS_BULK_PATH = "/admin/applications/assign";

export const applicationsGrid = gridDefinition({
  id: "applications",
  path: APPLICATIONS_PATH,
  title: "Applications",
  columns,
  filters: [{ id: SEARCH_FILTER, label: "Search", kind: { type: "text", maxLength: 100 }, placeholder: "Id, platform, user, machine, version" }],
  searchFilter: SEARCH_FILTER,
  defaultSort: { column: "lastModifiedDateTime", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  selectableRows: true,
});
