import { Group, Stack } from "@mantine/core";
import type { ComponentType } from "react";
import { DataGrid, type DetailActionContext } from "~/grid/components/data-grid";
import type { GridDefinition } from "~/grid/definition";
import type { GridActionAnswer } from "~/grid/grid-actions";
import { gridPageHref } from "~/grid/grid-links";
import type { GridRow, GridView } from "~/grid/grid-view";
import { CREATE_FORM_FIELDS } from "~/write-path/create-form";
import { AddRecordButton } from "./add-record-button";
import type { AddRecordDialogProps } from "./add-record-modal";

interface EditableRecordsGridProps<Detail> {
  definition: GridDefinition;
  view: GridView<Detail>;
  answer?: GridActionAnswer | null;
  /** The expanded row's edit panel. */
  Panel: ComponentType<{ detail: Detail; context: DetailActionContext }>;
  addLabel: string;
  /** The add page as a dialog, with JavaScript; without, the add page itself (`<grid path>/new`). */
  AddDialog: ComponentType<AddRecordDialogProps>;
}

/**
 * An admin grid of records edited in their expanded rows (Configurations, ETL), with its Add button
 * above it for users who may use the rows' Save (the definition's detail action; the server checks again).
 */
export function EditableRecordsGrid<Detail>({ definition, view, answer, Panel, addLabel, AddDialog }: EditableRecordsGridProps<Detail>) {
  const save = definition.actions?.find((action) => action.placement === "detail");
  const mayWrite = save !== undefined && (view.actions?.includes(save.intent) ?? false);
  const returnTo = gridPageHref(definition, view.search);
  const renderPanel = (detail: Detail, _row: GridRow, context: DetailActionContext) => <Panel detail={detail} context={context} />;
  return (
    <Stack gap="xs">
      {mayWrite ? (
        <Group justify="flex-end">
          <AddRecordButton
            label={addLabel}
            pageHref={`${definition.path}/new?${new URLSearchParams({ [CREATE_FORM_FIELDS.returnTo]: returnTo })}`}
            Dialog={AddDialog}
            returnTo={returnTo}
          />
        </Group>
      ) : null}
      <DataGrid definition={definition} view={view} renderDetail={renderPanel} answer={answer} />
    </Stack>
  );
}
