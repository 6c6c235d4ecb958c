import { LazyBulkRoleModal } from "~/components/user-roles/lazy-bulk-role-modal";
import type { GridBulkAction } from "~/grid/components/bulk-action";
import { DataGrid } from "~/grid/components/data-grid";
import { GridLoadFailureAlert } from "~/grid/components/grid-load-failure";
import type { GridRow, GridView } from "~/grid/grid-view";
import { isGridLoadFailure, type GridLoadFailure } from "~/grid/load-failure";
import type { ApplicationDetail } from "~/modules/applications/detail";
import { APPLICATIONS_BULK_PATH, applicationsGrid, BULK_ROLES_OFFER } from "~/modules/applications/grid";
import { AVAILABLE_ACTIONS_LABEL } from "~/modules/user-roles/role-rules";
import { ApplicationRowPanel } from "./application-row-panel";

const renderPanel = (detail: ApplicationDetail) => <ApplicationRowPanel detail={detail} />;

/** Available Actions: the Bulk Role(s) Assignment for the selected applications' users (a page without JavaScript). */
const BULK_ROLES: GridBulkAction = {
  formId: "applicationsBulkRoles",
  action: APPLICATIONS_BULK_PATH,
  method: "get",
  label: AVAILABLE_ACTIONS_LABEL,
  isAllowed: (rows: readonly GridRow[]) => rows.length > 0,
  renderDialog: (props) => <LazyBulkRoleModal {...props} path={APPLICATIONS_BULK_PATH} />,
};

/** The Applications list, or the spec's failure words in its place when it could not be read. */
export function ApplicationsGrid({ page }: { page: GridView<ApplicationDetail> | GridLoadFailure }) {
  if (isGridLoadFailure(page)) return <GridLoadFailureAlert failure={page} />;
  return <DataGrid definition={applicationsGrid} view={page} renderDetail={renderPanel} bulk={page.offers?.[BULK_ROLES_OFFER] ? BULK_ROLES : undefined} />;
}
