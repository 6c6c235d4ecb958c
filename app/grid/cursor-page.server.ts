import type { GridDefinition, GridState } from "./definition";
import { cursorFingerprint, decodeCursor, encodeCursor, type CursorKey, type GridCursor, type Seek } from "./grid-cursor";
import type { CursorPaging, GridRow } from "./grid-view";

/**
 * One page of a cursor-paged grid as its source answers it: the rows in grid order, the keys of
 * the first and last rows, whether more rows lie beyond the page in the direction it was read
 * (after its last row, or before its first when reading backwards), and the total when the
 * source counts it. keyset.server.ts reads such a page from a Kysely query.
 */
export interface CursorPage {
  rows: GridRow[];
  firstKey: CursorKey | null;
  lastKey: CursorKey | null;
  more: boolean;
  total: number | null;
}

export type CursorPageSource = (state: GridState, seek: Seek | null) => Promise<CursorPage>;

/** The cursor of a state the URL parser already checked; null on the first page. */
export function stateCursor(definition: GridDefinition, state: GridState): GridCursor | null {
  return state.cursor ? decodeCursor(state.cursor, cursorFingerprint(definition, state)) : null;
}

/** Where the page starts and the cursors of its neighbours, from the cursor that opened it and what the source read. */
export function cursorPaging(definition: GridDefinition, state: GridState, opened: GridCursor | null, page: CursorPage): CursorPaging {
  const fingerprint = cursorFingerprint(definition, state);
  const count = page.rows.length;
  const after = (at: number) => (page.lastKey ? encodeCursor({ direction: "after", key: page.lastKey, at }, fingerprint) : null);
  // The page before one that starts at `start`: the first page when it holds every row before.
  const before = (start: number) =>
    start <= state.size || !page.firstKey ? { cursor: null } : { cursor: encodeCursor({ direction: "before", key: page.firstKey, at: start }, fingerprint) };

  if (!opened) return { start: 0, previous: null, next: page.more ? after(count) : null };
  if (opened.direction === "after") {
    return { start: opened.at, previous: before(opened.at), next: page.more ? after(opened.at + count) : null };
  }
  // Read backwards: nothing more before means this page is the start of the list.
  const start = page.more ? Math.max(0, opened.at - count) : 0;
  return { start, previous: page.more ? before(start) : null, next: after(start + count) };
}

export async function readCursorPage(definition: GridDefinition, state: GridState, source: CursorPageSource) {
  const opened = stateCursor(definition, state);
  const page = await source(state, opened);
  return { rows: page.rows, total: page.total, cursor: cursorPaging(definition, state, opened, page), opened };
}
