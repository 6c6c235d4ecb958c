import { Group, Stack } from "@mantine/core";
import { DataGrid, type DetailActionContext } from "~/grid/components/data-grid";
import type { GridActionAnswer } from "~/grid/grid-actions";
import { gridPageHref } from "~/grid/grid-links";
import type { GridRow, GridView } from "~/grid/grid-view";
import { CONFIGURATION_INTENTS } from "~/modules/configurations/configuration-form";
import type { ConfigurationDetail } from "~/modules/configurations/detail";
import { configurationsGrid } from "~/modules/configurations/grid";
import { AddConfigurationButton } from "./add-configuration-button";
import { ConfigurationPanel } from "./configuration-panel";

const renderPanel = (detail: ConfigurationDetail, _row: GridRow, context: DetailActionContext) => <ConfigurationPanel detail={detail} context={context} />;

/** The Configurations grid with Add Configuration above it for users who may write configurations (the server checks again). */
export function ConfigurationsGrid({ view, answer }: { view: GridView<ConfigurationDetail>; answer?: GridActionAnswer | null }) {
  const mayWrite = view.actions?.includes(CONFIGURATION_INTENTS.save) ?? false;
  return (
    <Stack gap="xs">
      {mayWrite ? (
        <Group justify="flex-end">
          <AddConfigurationButton returnTo={gridPageHref(configurationsGrid, view.search)} />
        </Group>
      ) : null}
      <DataGrid definition={configurationsGrid} view={view} renderDetail={renderPanel} answer={answer} />
    </Stack>
  );
}
