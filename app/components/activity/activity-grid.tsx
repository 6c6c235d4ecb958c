import { DataGrid } from "~/grid/components/data-grid";
import type { GridView } from "~/grid/grid-view";
import type { ActivityEventDetail } from "~/modules/activity/event-detail";
import { activityGrid } from "~/modules/activity/grid";
import { EventPanel } from "./event-panel";

const renderPanel = (detail: ActivityEventDetail) => <EventPanel detail={detail} />;

/** The Activity table: every change, refused write and sign-in, newest first. */
export function ActivityGrid({ view }: { view: GridView<ActivityEventDetail> }) {
  return <DataGrid definition={activityGrid} view={view} renderDetail={renderPanel} />;
}
