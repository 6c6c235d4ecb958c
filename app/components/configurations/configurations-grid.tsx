import { Group, Stack } from "@mantine/core";
import { AddRecordButton } from "~/components/admin/add-record-button";
import { DataGrid, type DetailActionContext } from "~/grid/components/data-grid";
import type { GridActionAnswer } from "~/grid/grid-actions";
import { gridPageHref } from "~/grid/grid-links";
import type { GridRow, GridView } from "~/grid/grid-view";
import { CONFIGURATION_INTENTS } from "~/modules/configurations/configuration-form";
import type { ConfigurationDetail } from "~/modules/configurations/detail";
import { ADD_CONFIGURATION_LABEL, FIELDS } from "~/modules/configurations/editor-values";
import { configurationsGrid, NEW_CONFIGURATION_PATH } from "~/modules/configurations/grid";
import { ConfigurationPanel } from "./configuration-panel";
import { LazyNewConfigurationModal } from "./lazy-new-configuration-modal";

const renderPanel = (detail: ConfigurationDetail, _row: GridRow, context: DetailActionContext) => <ConfigurationPanel detail={detail} context={context} />;

/** The Configurations grid with Add Configuration above it for users who may write configurations (the server checks again). */
export function ConfigurationsGrid({ view, answer }: { view: GridView<ConfigurationDetail>; answer?: GridActionAnswer | null }) {
  const mayWrite = view.actions?.includes(CONFIGURATION_INTENTS.save) ?? false;
  const returnTo = gridPageHref(configurationsGrid, view.search);
  return (
    <Stack gap="xs">
      {mayWrite ? (
        <Group justify="flex-end">
          <AddRecordButton
            label={ADD_CONFIGURATION_LABEL}
            pageHref={`${NEW_CONFIGURATION_PATH}?${new URLSearchParams({ [FIELDS.returnTo]: returnTo })}`}
            Dialog={LazyNewConfigurationModal}
            returnTo={returnTo}
          />
        </Group>
      ) : null}
      <DataGrid definition={configurationsGrid} view={view} renderDetail={renderPanel} answer={answer} />
    </Stack>
  );
}
