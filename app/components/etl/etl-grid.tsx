import { EditableRecordsGrid } from "~/components/admin/editable-records-grid";
import type { GridActionAnswer } from "~/grid/grid-actions";
import type { GridView } from "~/grid/grid-view";
import type { EtlDetail } from "~/modules/etl/detail";
import { ADD_ETL_LABEL } from "~/modules/etl/etl-form";
import { etlGrid } from "~/modules/etl/grid";
import { EtlPanel } from "./etl-panel";
import { LazyNewEtlModal } from "./lazy-new-etl-modal";

/** The ETL variables grid with New Etl Variable above it for users who may write them. */
export function EtlGrid({ view, answer }: { view: GridView<EtlDetail>; answer?: GridActionAnswer | null }) {
  return <EditableRecordsGrid definition={etlGrid} view={view} answer={answer} Panel={EtlPanel} addLabel={ADD_ETL_LABEL} AddDialog={LazyNewEtlModal} />;
}
