import { DataGrid } from "~/grid/components/data-grid";
import type { GridActionAnswer } from "~/grid/grid-actions";
import type { GridRow, GridView } from "~/grid/grid-view";
import type { DeviceDetail } from "~/modules/devices/detail";
import { devicesGrid } from "~/modules/devices/grid";
import { DevicePanel } from "./device-panel";

const renderPanel = (detail: DeviceDetail, _row: GridRow) => <DevicePanel detail={detail} />;

/** The Devices table; with trust=Y in the URL its rows offer DeRegister and Delete. */
export function DevicesGrid({ view, answer }: { view: GridView<DeviceDetail>; answer?: GridActionAnswer | null }) {
  return <DataGrid definition={devicesGrid} view={view} renderDetail={renderPanel} answer={answer} note="Grayed rows are inactive registrations." />;
}
