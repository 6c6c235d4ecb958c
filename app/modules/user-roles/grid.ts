import { DEFAULT_PAGE_SIZE, gridDefinition, PAGE_SIZES } from "~/grid/definition";
import { SAVE_ROLES_INTENT } from "./user-detail";

/**
 * The User Roles grid (platform spec §2 User Roles screen, §6, §9): the directory's ACTIVE users
 * holding DIP_PORTAL, newest update first, paged by cursor as the directory search pages. Every
 * filter is an exact, trimmed value (case-insensitive for the text fields).
 */
export const USER_ROLES_PATH = "/admin/userroles";
export const BULK_ASSIGNMENT_PATH = "/admin/userroles/assign";

export const userRolesGrid = gridDefinition({
  id: "userRoles",
  path: USER_ROLES_PATH,
  title: "User Roles",
  auditEntity: "user",
  columns: [
    { id: "userName", label: "User Name", defaultVisible: true, sortable: true, width: "wider" },
    { id: "parent", label: "Parent", defaultVisible: true, sortable: false, width: "wider" },
    { id: "firstName", label: "First Name", defaultVisible: true, sortable: true, width: "short" },
    { id: "lastName", label: "Last Name", defaultVisible: true, sortable: true, width: "short" },
    { id: "email", label: "Email Address", defaultVisible: true, sortable: true, width: "wider" },
    { id: "lastUpdated", label: "Last Updated Date", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "table" },
  ],
  filters: [
    { id: "userName", label: "User Name", kind: { type: "text", maxLength: 100 } },
    { id: "firstName", label: "First Name", kind: { type: "text", maxLength: 100 } },
    { id: "lastName", label: "Last Name", kind: { type: "text", maxLength: 100 } },
    { id: "email", label: "Email Address", kind: { type: "text", maxLength: 100 } },
    { id: "role", label: "Role", kind: { type: "select" } },
  ],
  defaultSort: { column: "lastUpdated", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  paging: "cursor",
  // The expanded row's roles form; the bulk assignment is a page of its own (BULK_ASSIGNMENT_PATH).
  actions: [{ intent: SAVE_ROLES_INTENT, label: "Save", placement: "detail" }],
});
