import type { GridBulkAction } from "~/grid/components/bulk-action";
import { DataGrid, type DetailActionContext } from "~/grid/components/data-grid";
import type { GridActionAnswer } from "~/grid/grid-actions";
import type { GridRow, GridView } from "~/grid/grid-view";
import { BULK_ASSIGNMENT_PATH, userRolesGrid } from "~/modules/user-roles/grid";
import { AVAILABLE_ACTIONS_LABEL } from "~/modules/user-roles/role-rules";
import { SAVE_ROLES_INTENT, type UserRoleDetail } from "~/modules/user-roles/user-detail";
import { LazyBulkRoleModal } from "./lazy-bulk-role-modal";
import { UserRolePanel } from "./user-role-panel";

/** Available Actions: the Bulk Role(s) Assignment page without JavaScript, its dialog with it. */
const BULK_ROLES: GridBulkAction = {
  formId: "bulkRoles",
  action: BULK_ASSIGNMENT_PATH,
  method: "get",
  label: AVAILABLE_ACTIONS_LABEL,
  isAllowed: (rows: readonly GridRow[]) => rows.length > 0,
  renderDialog: (props) => <LazyBulkRoleModal {...props} path={BULK_ASSIGNMENT_PATH} />,
};

const renderPanel = (detail: UserRoleDetail, _row: GridRow, context: DetailActionContext) => <UserRolePanel detail={detail} context={context} />;

/** The User Roles grid; Available Actions only for users who may change roles (the server checks again). */
export function UserRolesGrid({ view, answer }: { view: GridView<UserRoleDetail>; answer?: GridActionAnswer | null }) {
  const mayChange = view.actions?.includes(SAVE_ROLES_INTENT) ?? false;
  return <DataGrid definition={userRolesGrid} view={view} renderDetail={renderPanel} answer={answer} bulk={mayChange ? BULK_ROLES : undefined} />;
}
