import { Group, Stack } from "@mantine/core";
import { DataGrid, type DetailActionContext } from "~/grid/components/data-grid";
import type { GridActionAnswer } from "~/grid/grid-actions";
import { gridPageHref } from "~/grid/grid-links";
import type { GridRow, GridView } from "~/grid/grid-view";
import type { EtlDetail } from "~/modules/etl/detail";
import { ETL_INTENTS } from "~/modules/etl/etl-form";
import { etlGrid } from "~/modules/etl/grid";
import { AddEtlButton } from "./add-etl-button";
import { EtlPanel } from "./etl-panel";

const renderPanel = (detail: EtlDetail, _row: GridRow, context: DetailActionContext) => <EtlPanel detail={detail} context={context} />;

/** The ETL variables grid with New Etl Variable above it for users who may write them (the server checks again). */
export function EtlGrid({ view, answer }: { view: GridView<EtlDetail>; answer?: GridActionAnswer | null }) {
  const mayWrite = view.actions?.includes(ETL_INTENTS.save) ?? false;
  return (
    <Stack gap="xs">
      {mayWrite ? (
        <Group justify="flex-end">
          <AddEtlButton returnTo={gridPageHref(etlGrid, view.search)} />
        </Group>
      ) : null}
      <DataGrid definition={etlGrid} view={view} renderDetail={renderPanel} answer={answer} />
    </Stack>
  );
}
