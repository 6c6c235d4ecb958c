import { Button, Group, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import type { GridActionDefinition } from "~/grid/grid-actions";
import { filterChips } from "~/grid/grid-chips";
import { exportHref, gridPageHref, panelHref, twoRowExportHref, type GridLinks } from "~/grid/grid-links";
import type { GridRow, GridView } from "~/grid/grid-view";
import { exactCount } from "~/lib/number-format";
import { useHydrated } from "~/lib/use-hydrated";
import type { GridBulkAction } from "./bulk-action";
import { ColumnChooser } from "./column-chooser";
import { DateRangeForm } from "./date-range-form";
import { FilterChips } from "./filter-chips";
import { FilterPanel, FILTER_FORM_LABEL } from "./filter-panel";
import { SelectionActions, ToolbarActions } from "./grid-action-forms";
import { GridLink, useGridBusy } from "./grid-busy";
import { GridDisclosure } from "./grid-disclosure";
import { GridSearchForm } from "./grid-search-form";

interface GridToolbarProps<Detail> {
  links: GridLinks;
  view: GridView<Detail>;
  selectedRows: readonly GridRow[];
  bulk?: GridBulkAction;
  note?: string;
  toolbarActions?: readonly GridActionDefinition[];
  selectionActions?: readonly GridActionDefinition[];
  /** The form the row checkboxes belong to. */
  selectionFormId?: string;
  /** With JavaScript: 'Select all N matching rows' is checked. */
  allMatching?: boolean;
  onAllMatchingChange?: (checked: boolean) => void;
}

const NONE: readonly GridActionDefinition[] = [];

export function selectionLabel(selected: number, total: number | null): string {
  return total === null ? `${exactCount(selected)} record(s) selected` : `${exactCount(selected)} record(s) selected of ${exactCount(total)}`;
}

/** The number of matching rows; nothing when a cursor-paged source does not count them. */
function recordsLabel(total: number | null): string {
  return total === null ? "" : `${exactCount(total)} record(s)`;
}

/** Above the table: Add Filter, the date range, chips, refresh, columns, export; selection and bulk action. */
export function GridToolbar<Detail>({
  links,
  view,
  selectedRows,
  bulk,
  note,
  toolbarActions = NONE,
  selectionActions = NONE,
  selectionFormId,
  allMatching = false,
  onAllMatchingChange,
}: GridToolbarProps<Detail>) {
  const hydrated = useHydrated();
  const busy = useGridBusy();
  const { definition } = links;
  const chips = useMemo(() => filterChips(links, view.options, view.locked), [links, view.options, view.locked]);
  const here = gridPageHref(definition, view.search);
  const showBulk = bulk && (!hydrated || (selectedRows.length > 0 && bulk.isAllowed(selectedRows)));
  const [dialogOpened, setDialogOpened] = useState(false);
  const dialog = hydrated ? bulk?.renderDialog : undefined;
  const selecting = selectionFormId !== undefined;
  const searchFilter = definition.filters.find((filter) => filter.id === definition.searchFilter);
  const menuFilters = definition.filters.some((filter) => filter !== searchFilter);
  const showSelectionActions = selectionFormId !== undefined && (!hydrated || selectedRows.length > 0 || allMatching);
  const selectedLabel = allMatching
    ? `All ${view.total === null ? "matching" : exactCount(view.total)} record(s) selected`
    : selectionLabel(selectedRows.length, view.total);

  return (
    <Stack gap="xs" p="xs">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="xs" align="center">
          {searchFilter ? <GridSearchForm links={links} search={view.search} filter={searchFilter} /> : null}
          {menuFilters ? (
            <GridDisclosure
              label={FILTER_FORM_LABEL}
              width={520}
              open={links.state.panel === "filters"}
              openHref={panelHref(links, "filters")}
              closeHref={panelHref(links, null)}
            >
              {links.state.panel === "filters" ? <FilterPanel links={links} search={view.search} options={view.options} locked={view.locked} /> : null}
            </GridDisclosure>
          ) : null}
          {definition.dateRange ? <DateRangeForm links={links} search={view.search} label={definition.dateRange.label} timeZone={view.timeZone} /> : null}
          <FilterChips chips={chips} />
        </Group>
        <Group gap="xs">
          <ToolbarActions actions={toolbarActions} returnTo={here} disabled={busy} />
          <Button component={GridLink} to={here} variant="default" size="sm">
            Refresh
          </Button>
          <ColumnChooser links={links} search={view.search} />
          <Button component="a" href={exportHref(definition, view.search)} variant="default" size="sm" download>
            {definition.exportLabel ?? "Export"}
          </Button>
          {definition.columnGroups ? (
            <Button component="a" href={twoRowExportHref(definition, view.search)} variant="subtle" size="sm" download>
              Export with two header rows
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group gap="md" mih={30}>
        <Text size="sm" aria-live="polite">
          {hydrated && selecting ? selectedLabel : recordsLabel(view.total)}
        </Text>
        {selectionFormId !== undefined && selectionActions.length > 0 ? (
          <SelectionActions
            actions={selectionActions}
            showButtons={showSelectionActions}
            formId={selectionFormId}
            total={view.total}
            disabled={busy}
            allMatching={allMatching}
            onAllMatchingChange={hydrated ? onAllMatchingChange : undefined}
          />
        ) : null}
        {bulk && showBulk ? (
          dialog ? (
            <Button type="button" size="compact-sm" disabled={busy} onClick={() => setDialogOpened(true)}>
              {bulk.label}
            </Button>
          ) : (
            <Button type="submit" form={bulk.formId} size="compact-sm" disabled={busy}>
              {bulk.label}
            </Button>
          )
        ) : null}
        {dialog ? dialog({ ids: selectedRows.map((row) => row.id), back: here, opened: dialogOpened, onClose: () => setDialogOpened(false) }) : null}
        {note ? (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
