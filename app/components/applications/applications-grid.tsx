import { DataGrid } from "~/grid/components/data-grid";
import { GridLoadFailureAlert } from "~/grid/components/grid-load-failure";
import type { GridView } from "~/grid/grid-view";
import { isGridLoadFailure, type GridLoadFailure } from "~/grid/load-failure";
import type { ApplicationDetail } from "~/modules/applications/detail";
import { applicationsGrid } from "~/modules/applications/grid";
import { ApplicationRowPanel } from "./application-row-panel";

const renderPanel = (detail: ApplicationDetail) => <ApplicationRowPanel detail={detail} />;

/** The Applications list, or the spec's failure words in its place when it could not be read. */
export function ApplicationsGrid({ page }: { page: GridView<ApplicationDetail> | GridLoadFailure }) {
  if (isGridLoadFailure(page)) return <GridLoadFailureAlert failure={page} />;
  return <DataGrid definition={applicationsGrid} view={page} renderDetail={renderPanel} />;
}
