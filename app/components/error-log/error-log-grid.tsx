import { DataGrid } from "~/grid/components/data-grid";
import { GridLoadFailureAlert } from "~/grid/components/grid-load-failure";
import type { GridView } from "~/grid/grid-view";
import { isGridLoadFailure, type GridLoadFailure } from "~/grid/load-failure";
import type { ErrorRecordDetail } from "~/modules/error-log/error-detail";
import { errorLogGrid } from "~/modules/error-log/grid";
import { ErrorRecordPanel } from "./error-record-panel";

const renderPanel = (detail: ErrorRecordDetail) => <ErrorRecordPanel detail={detail} />;

/** Feedbacks/Errors, or the spec's failure words in its place when the records could not be read. */
export function ErrorLogGrid({ page }: { page: GridView<ErrorRecordDetail> | GridLoadFailure }) {
  if (isGridLoadFailure(page)) return <GridLoadFailureAlert failure={page} />;
  return <DataGrid definition={errorLogGrid} view={page} renderDetail={renderPanel} />;
}
