import { Group, Stack } from "@mantine/core";
import { AddRecordButton } from "~/components/admin/add-record-button";
import { DataGrid, type DetailActionContext } from "~/grid/components/data-grid";
import type { GridActionAnswer } from "~/grid/grid-actions";
import { gridPageHref } from "~/grid/grid-links";
import type { GridRow, GridView } from "~/grid/grid-view";
import type { EtlDetail } from "~/modules/etl/detail";
import { ADD_ETL_LABEL, ETL_FIELDS, ETL_INTENTS } from "~/modules/etl/etl-form";
import { etlGrid, NEW_ETL_PATH } from "~/modules/etl/grid";
import { EtlPanel } from "./etl-panel";
import { LazyNewEtlModal } from "./lazy-new-etl-modal";

const renderPanel = (detail: EtlDetail, _row: GridRow, context: DetailActionContext) => <EtlPanel detail={detail} context={context} />;

/** The ETL variables grid with New Etl Variable above it for users who may write them (the server checks again). */
export function EtlGrid({ view, answer }: { view: GridView<EtlDetail>; answer?: GridActionAnswer | null }) {
  const mayWrite = view.actions?.includes(ETL_INTENTS.save) ?? false;
  const returnTo = gridPageHref(etlGrid, view.search);
  return (
    <Stack gap="xs">
      {mayWrite ? (
        <Group justify="flex-end">
          <AddRecordButton
            label={ADD_ETL_LABEL}
            pageHref={`${NEW_ETL_PATH}?${new URLSearchParams({ [ETL_FIELDS.returnTo]: returnTo })}`}
            Dialog={LazyNewEtlModal}
            returnTo={returnTo}
          />
        </Group>
      ) : null}
      <DataGrid definition={etlGrid} view={view} renderDetail={renderPanel} answer={answer} />
    </Stack>
  );
}
