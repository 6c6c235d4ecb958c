import type { MRT_RowSelectionState } from "mantine-react-table";
import { useCallback, useMemo, useState } from "react";
import type { GridRow } from "~/grid/grid-view";

interface Selection {
  /** The query the selection belongs to: applying a filter clears the selection (spec §4). */
  key: string;
  rows: Readonly<Record<string, GridRow>>;
}

const NONE: Readonly<Record<string, GridRow>> = {};

/**
 * Selected rows with JavaScript (MRT's row selection), kept across pages and sorts of the same
 * query with each row's values, so the bulk action's rule can read rows of other pages too.
 */
export function useGridSelection(rows: readonly GridRow[], queryKey: string) {
  const [selection, setSelection] = useState<Selection>({ key: queryKey, rows: NONE });
  const current = selection.key === queryKey ? selection.rows : NONE;

  const rowSelection = useMemo<MRT_RowSelectionState>(() => Object.fromEntries(Object.keys(current).map((id) => [id, true])), [current]);

  const onRowSelectionChange = useCallback(
    (updater: MRT_RowSelectionState | ((old: MRT_RowSelectionState) => MRT_RowSelectionState)) => {
      setSelection((previous) => {
        const before = previous.key === queryKey ? previous.rows : NONE;
        const beforeState = Object.fromEntries(Object.keys(before).map((id) => [id, true]));
        const next = typeof updater === "function" ? updater(beforeState) : updater;
        const onPage = new Map(rows.map((row) => [row.id, row]));
        const selected: Record<string, GridRow> = {};
        for (const [id, on] of Object.entries(next)) {
          const row = on ? (before[id] ?? onPage.get(id)) : undefined;
          if (row) selected[id] = row;
        }
        return { key: queryKey, rows: selected };
      });
    },
    [rows, queryKey],
  );

  const selectedRows = useMemo(() => Object.values(current), [current]);
  return { rowSelection, onRowSelectionChange, selectedRows };
}
