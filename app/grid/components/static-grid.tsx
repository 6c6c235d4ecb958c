import { Paper } from "@mantine/core";
import { useMemo } from "react";
import { gridPageHref, type GridLinks } from "~/grid/grid-links";
import { ActionAnswer, type DataGridProps, detailContext, gridActions, NO_ACTIONS, SelectionForm, selectionFormIdOf } from "./data-grid-parts";
import { RowActions } from "./grid-action-forms";
import { GridCorrections } from "./grid-corrections";
import { GridPagination } from "./grid-pagination";
import { GridToolbar } from "./grid-toolbar";
import { StaticGridTable } from "./static-grid-table";

/**
 * The grid as the server sends it, and until the hydrated table's chunk has loaded (`loadingChunk`,
 * marked `data-loading-chunk` for the browser tests): a plain table of links and forms.
 */
export function StaticGrid<Detail>({
  definition,
  view,
  renderDetail,
  bulk,
  note,
  answer,
  loadingChunk = false,
}: DataGridProps<Detail> & { loadingChunk?: boolean }) {
  const { state } = view;
  const links = useMemo<GridLinks>(() => ({ definition, state, today: view.today }), [definition, state, view.today]);
  const expandedRow = renderDetail && view.detail !== null ? view.rows.find((row) => row.id === state.expanded) : undefined;
  const returnTo = gridPageHref(definition, view.search);
  const allowed = view.actions ?? NO_ACTIONS;
  const actions = gridActions(definition, allowed, state.params);
  const selectionFormId = selectionFormIdOf(definition, bulk, actions.selection);
  return (
    <>
      <Paper withBorder shadow="none" data-loading-chunk={loadingChunk ? "" : undefined}>
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
