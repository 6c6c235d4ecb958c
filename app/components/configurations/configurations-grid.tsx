import { EditableRecordsGrid } from "~/components/admin/editable-records-grid";
import type { GridActionAnswer } from "~/grid/grid-actions";
import type { GridView } from "~/grid/grid-view";
import type { ConfigurationDetail } from "~/modules/configurations/detail";
import { ADD_CONFIGURATION_LABEL } from "~/modules/configurations/editor-values";
import { configurationsGrid } from "~/modules/configurations/grid";
import { ConfigurationPanel } from "./configuration-panel";
import { LazyNewConfigurationModal } from "./lazy-new-configuration-modal";

/** The Configurations grid with Add Configuration above it for users who may write configurations. */
export function ConfigurationsGrid({ view, answer }: { view: GridView<ConfigurationDetail>; answer?: GridActionAnswer | null }) {
  return (
    <EditableRecordsGrid
      definition={configurationsGrid}
      view={view}
      answer={answer}
      Panel={ConfigurationPanel}
      addLabel={ADD_CONFIGURATION_LABEL}
      AddDialog={LazyNewConfigurationModal}
    />
  );
}
