import type { SubmissionResult } from "@conform-to/react";
import { Paper } from "@mantine/core";
import { Form, useFormAction } from "@remix-run/react";
import { MantineReactTable, useMantineReactTable } from "mantine-react-table";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import type { GridDefinition } from "~/grid/definition";
import { actionsIn, GRID_ACTION_FIELDS, refusalFor, type GridActionAnswer, type GridActionDefinition } from "~/grid/grid-actions";
import { gridPageHref, type GridLinks } from "~/grid/grid-links";
import type { GridRow, GridView } from "~/grid/grid-view";
import { useHydrated } from "~/lib/use-hydrated";
import type { GridBulkAction } from "./bulk-action";
import { EmptyRows } from "./empty-rows";
import { GridActionConfirmationPanel, GridActionRefusalAlert } from "./grid-action-answer";
import { RowActions } from "./grid-action-forms";
import { useGridBusy } from "./grid-busy";
import { GridCorrections } from "./grid-corrections";
import { GridPagination } from "./grid-pagination";
import { GridToolbar } from "./grid-toolbar";
import { StaticGridTable } from "./static-grid-table";
import { columnIdsOf, HIDDEN_MRT_COLUMNS, useGridColumns } from "./use-grid-columns";
import { useGridSelection } from "./use-grid-selection";
import { wideRegionProps } from "./wide-region";

/** What the expanded row's forms need from the grid: where to come back to, and their last refusal. */
export interface DetailActionContext {
  /** The grid page (path and query) a detail action's form comes back to. */
  returnTo: string;
  /** The last refusal of a detail action on this row: its form's errors in place (conform's lastResult). */
  lastResult?: SubmissionResult<string[]>;
  /** The intent of that refusal, when the row has several forms. */
  lastIntent?: string | null;
  /** The intents of the grid's actions this user may use. */
  allowed: readonly string[];
}

export interface DataGridProps<Detail> {
  definition: GridDefinition;
  view: GridView<Detail>;
  /** The expanded row's panel (the loader fetched its details); without it rows do not expand. */
  renderDetail?: (detail: Detail, row: GridRow, actions: DetailActionContext) => ReactNode;
  /** The grid page action's last answer (useActionData): a refusal or a confirmation of a grid action. */
  answer?: GridActionAnswer | null;
  bulk?: GridBulkAction;
  /** A line under the toolbar, e.g. 'Grayed rows are test shops.' */
  note?: string;
  /**
   * With JavaScript, a link cell opens this dialog over the grid instead of leaving it (the detail
   * views); a modified click (new tab) and the page without JavaScript follow the link.
   */
  linkDialog?: (props: { href: string | null; onClose: () => void }) => ReactNode;
}

/**
 * The one grid of the portal. Everything is a link or a GET form (STACK.md): sort headers, pages,
 * page sizes, chips, expansion, the filter menu, the date range and the column chooser, so it
 * works without JavaScript. The server and the first client render send a plain table with those
 * links; once hydrated it becomes mantine-react-table, the same URLs are followed by Remix, row
 * selection is live and no second request starts while one is under way.
 */
export function DataGrid<Detail>(props: DataGridProps<Detail>) {
  const hydrated = useHydrated();
  return hydrated ? <InteractiveGrid {...props} /> : <StaticGrid {...props} />;
}

const NO_ACTIONS: readonly string[] = [];

/** The grid's actions this user may use, by where they show (grid-actions.ts). */
function gridActions(definition: GridDefinition, allowed: readonly string[], params: Readonly<Record<string, string>>) {
  return {
    toolbar: actionsIn(definition.actions, "toolbar", allowed, params),
    selection: actionsIn(definition.actions, "selection", allowed, params),
    row: actionsIn(definition.actions, "row", allowed, params),
  };
}

/**
 * The form the row checkboxes belong to: the bulk action's, or the selection's own (for selection
 * actions, or for a grid whose rows are selectable before any action uses them).
 */
function selectionFormIdOf(definition: GridDefinition, bulk: GridBulkAction | undefined, selection: readonly GridActionDefinition[]): string | undefined {
  return bulk?.formId ?? (selection.length > 0 || definition.selectableRows ? `${definition.id}-selection` : undefined);
}

/** The detail context of the expanded row: the last refusal of a detail action goes back to its form. */
function detailContext(
  definition: GridDefinition,
  answer: GridActionAnswer | null | undefined,
  rowId: string,
  returnTo: string,
  allowed: readonly string[],
): DetailActionContext {
  const isDetailRefusal = answer?.kind === "refused" && definition.actions?.some((action) => action.intent === answer.intent && action.placement === "detail");
  return {
    returnTo,
    allowed,
    lastResult: isDetailRefusal ? refusalFor(answer, rowId) : undefined,
    lastIntent: isDetailRefusal && answer?.kind === "refused" ? answer.intent : undefined,
  };
}

/** Over the grid: a refused button's message, or the question of an action that asks first. */
function ActionAnswer({
  definition,
  answer,
  returnTo,
  asDialog,
}: {
  definition: GridDefinition;
  answer: GridActionAnswer | null | undefined;
  returnTo: string;
  asDialog: boolean;
}) {
  if (!answer) return null;
  if (answer.kind === "confirm")
    return <GridActionConfirmationPanel key={answer.fields.join()} confirmation={answer} returnTo={returnTo} asDialog={asDialog} />;
  const inDetail = definition.actions?.some((action) => action.intent === answer.intent && action.placement === "detail");
  return inDetail ? null : <GridActionRefusalAlert refusal={answer} />;
}

function StaticGrid<Detail>({ definition, view, renderDetail, bulk, note, answer }: DataGridProps<Detail>) {
  const { state } = view;
  const links = useMemo<GridLinks>(() => ({ definition, state, today: view.today }), [definition, state, view.today]);
  const expandedRow = renderDetail && view.detail !== null ? view.rows.find((row) => row.id === state.expanded) : undefined;
  const returnTo = gridPageHref(definition, view.search);
  const allowed = view.actions ?? NO_ACTIONS;
  const actions = gridActions(definition, allowed, state.params);
  const selectionFormId = selectionFormIdOf(definition, bulk, actions.selection);
  return (
    <>
      <Paper withBorder shadow="none">
        <GridCorrections lines={view.corrections} selfHref={returnTo} />
        <ActionAnswer definition={definition} answer={answer} returnTo={returnTo} asDialog={false} />
        <GridToolbar
          links={links}
          view={view}
          selectedRows={[]}
          bulk={bulk}
          note={note}
          toolbarActions={actions.toolbar}
          selectionActions={actions.selection}
          selectionFormId={selectionFormId}
        />
        <StaticGridTable
          definition={definition}
          links={links}
          rows={view.rows}
          expandedPanel={
            expandedRow && view.detail !== null && renderDetail
              ? renderDetail(view.detail, expandedRow, detailContext(definition, answer, expandedRow.id, returnTo, allowed))
              : null
          }
          withExpand={Boolean(renderDetail)}
          bulkFormId={selectionFormId}
          rowActions={actions.row.length > 0 ? (row) => <RowActions actions={actions.row} row={row} returnTo={returnTo} disabled={false} /> : undefined}
        />
        <GridPagination links={links} total={view.total} cursor={view.cursor} rowCount={view.rows.length} />
      </Paper>
      <SelectionForm bulk={bulk} formId={selectionFormId} returnTo={returnTo} query={actions.selection.length > 0 ? view.search : null} offPageIds={[]} />
    </>
  );
}

/**
 * The selection's form: the row checkboxes belong to it; rows selected on other pages travel as
 * hidden ids. It is the bulk action's (its target and method) when the grid has one; selection
 * actions' buttons post to the grid page whatever the form's own target.
 */
function SelectionForm({
  bulk,
  formId,
  returnTo,
  query,
  offPageIds,
}: {
  bulk: GridBulkAction | undefined;
  formId: string | undefined;
  returnTo: string;
  /** The grid's query, for selection actions that may act on every matching row. */
  query: string | null;
  offPageIds: readonly string[];
}) {
  const ownAction = useFormAction();
  if (formId === undefined) return null;
  return (
    <Form id={formId} method={bulk?.method ?? "post"} action={bulk?.action ?? ownAction} hidden>
      <input type="hidden" name={GRID_ACTION_FIELDS.returnTo} value={returnTo} />
      {query !== null ? <input type="hidden" name={GRID_ACTION_FIELDS.query} value={query} /> : null}
      {offPageIds.map((id) => (
        <input key={id} type="hidden" name={GRID_ACTION_FIELDS.ids} value={id} />
      ))}
    </Form>
  );
}

function InteractiveGrid<Detail>({ definition, view, renderDetail, bulk, note, linkDialog, answer }: DataGridProps<Detail>) {
  const [dialogHref, setDialogHref] = useState<string | null>(null);
  const closeDialog = useCallback(() => setDialogHref(null), []);
  const busy = useGridBusy();
  const { state } = view;
  const links = useMemo<GridLinks>(() => ({ definition, state, today: view.today }), [definition, state, view.today]);
  const queryKey = useMemo(() => JSON.stringify([state.filters, state.from, state.to]), [state.filters, state.from, state.to]);
  const { rowSelection, onRowSelectionChange, selectedRows } = useGridSelection(view.rows, queryKey);
  const [allMatching, setAllMatching] = useState(false);
  const returnTo = gridPageHref(definition, view.search);
  const allowed = view.actions ?? NO_ACTIONS;
  const actions = useMemo(() => gridActions(definition, allowed, state.params), [definition, allowed, state.params]);
  const bulkFormId = selectionFormIdOf(definition, bulk, actions.selection);
  const rowActions = useMemo(
    () => (actions.row.length > 0 ? (row: GridRow) => <RowActions actions={actions.row} row={row} returnTo={returnTo} disabled={busy} /> : undefined),
    [actions.row, returnTo, busy],
  );

  const { columns, pinned } = useGridColumns({
    definition,
    links,
    rows: view.rows,
    withExpand: Boolean(renderDetail),
    bulkFormId,
    onOpenLink: linkDialog ? setDialogHref : undefined,
    rowActions,
  });

  const expandedRowOnPage = state.expanded !== null && view.detail !== null && view.rows.some((row) => row.id === state.expanded);
  const expanded = useMemo(() => (expandedRowOnPage && state.expanded ? { [state.expanded]: true } : {}), [expandedRowOnPage, state.expanded]);
  const offPageSelection = selectedRows.filter((row) => !view.rows.some((candidate) => candidate.id === row.id));
  // The URL's column order, always (MRT would otherwise keep its first order and add new columns last),
  // and what stays put while the table scrolls sideways (use-grid-columns.tsx).
  const columnOrder = useMemo(() => columnIdsOf(columns), [columns]);
  const columnPinning = useMemo(() => ({ left: pinned }), [pinned]);

  const table = useMantineReactTable<GridRow>({
    columns,
    data: view.rows,
    getRowId: (row) => row.id,
    layoutMode: "semantic",
    // Columns take the width of their content (MRT's default is a fixed 180 px each).
    defaultColumn: { size: 30, minSize: 30 },
    enableSorting: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableFilters: false,
    enableGlobalFilter: false,
    enableHiding: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableColumnOrdering: false,
    enableToolbarInternalActions: false,
    enablePagination: false,
    enableExpandAll: false,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: view.total ?? undefined,
    enableRowSelection: bulkFormId !== undefined,
    enableSelectAll: false,
    positionToolbarAlertBanner: "none",
    // MRT's own expand and select columns are replaced by the light ones above.
    state: {
      rowSelection,
      expanded,
      showProgressBars: busy,
      isLoading: false,
      columnVisibility: HIDDEN_MRT_COLUMNS,
      columnOrder,
      columnPinning,
      density: "xs",
    },
    enableColumnPinning: true,
    enableStickyHeader: true,
    mantineTableContainerProps: { className: "portal-grid-scroll", ...wideRegionProps(definition) },
    renderEmptyRowsFallback: () => <EmptyRows definition={definition} />,
    onRowSelectionChange,
    renderTopToolbar: () => (
      <>
        <GridCorrections lines={view.corrections} selfHref={returnTo} />
        <ActionAnswer definition={definition} answer={answer} returnTo={returnTo} asDialog />
        <GridToolbar
          links={links}
          view={view}
          selectedRows={selectedRows}
          bulk={bulk}
          note={note}
          toolbarActions={actions.toolbar}
          selectionActions={actions.selection}
          selectionFormId={bulkFormId}
          allMatching={allMatching}
          onAllMatchingChange={setAllMatching}
        />
      </>
    ),
    renderBottomToolbar: () => <GridPagination links={links} total={view.total} cursor={view.cursor} rowCount={view.rows.length} />,
    // A detail panel makes MRT render a hidden panel row under every row (half the render time), so
    // it is there only while a row is open.
    renderDetailPanel:
      renderDetail && expandedRowOnPage
        ? ({ row }) =>
            row.id === state.expanded && view.detail !== null ? (
              <div className="portal-grid-detail-panel">
                {renderDetail(view.detail, row.original, detailContext(definition, answer, row.id, returnTo, allowed))}
              </div>
            ) : null
        : undefined,
    // The column id on every cell, for styles and for tests that read a column.
    mantineTableBodyCellProps: ({ cell }) => {
      const props = { className: "portal-grid-cell", "data-column": cell.column.id };
      return props;
    },
    mantineTableBodyRowProps: ({ row, isDetailPanel }) => ({
      className: !isDetailPanel && row.original.muted ? "portal-grid-row-muted" : undefined,
    }),
    mantineTableProps: { "aria-label": definition.title, striped: false, highlightOnHover: true, withColumnBorders: false },
    mantinePaperProps: { withBorder: true, shadow: "none" },
  });

  return (
    <>
      <MantineReactTable table={table} />
      <SelectionForm
        bulk={bulk}
        formId={bulkFormId}
        returnTo={returnTo}
        query={actions.selection.length > 0 ? view.search : null}
        offPageIds={offPageSelection.map((row) => row.id)}
      />
      {linkDialog ? linkDialog({ href: dialogHref, onClose: closeDialog }) : null}
    </>
  );
}
