import { getDb } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import type { CursorKey, Seek } from "~/grid/grid-cursor";
import { readKeysetPage, type KeysetPage } from "~/grid/keyset.server";
import { dateWindow, filterConditions, type GridBindings } from "~/grid/sql-bindings.server";
import type { ActivityCellsSource } from "./cells";
import type { activityGrid } from "./grid";

/**
 * The Activity screen's events in SQL (issue 29): who and record id start with the text (an
 * index range on either database), the kind of record, the action and the outcome exact; the
 * date range on `at`; the order (at, id), newest first unless the URL turns it, read by keyset.
 */
export const ACTIVITY_BINDINGS: GridBindings<typeof activityGrid, undefined, "eventId"> = {
  at: { sql: "a.at" },
  actor: { sql: "a.actor", filter: "prefix", sortable: false },
  entity: { sql: "a.entity", filter: "exact", sortable: false },
  entityId: { sql: "a.entityId", filter: "prefix", sortable: false },
  action: { sql: "a.action", filter: "exact", sortable: false },
  outcome: { sql: "a.outcome", filter: "exact", sortable: false },
};

const COLUMNS = ["a.id", "a.at", "a.actor", "a.action", "a.entity", "a.entityId", "a.outcome"] as const;

/** The events the state's filters and date range match, under the user's zone's days. */
function matchingEvents(state: GridState, timeZone: string) {
  return getDb()
    .selectFrom("auditLog as a")
    .select(COLUMNS)
    .where((eb) => eb.and([...filterConditions(ACTIVITY_BINDINGS, state.filters, undefined), ...dateWindow("a.at", state, timeZone)]));
}

const ORDER = { sort: "a.at", id: "a.id" } as const;
const keyOf = (row: ActivityCellsSource): CursorKey => [row.at, row.id];

/** One page of events after or before the seek's event (the first page without one). */
export function findActivityPage(state: GridState, seek: Seek | null, timeZone: string): Promise<KeysetPage<ActivityCellsSource>> {
  return readKeysetPage(matchingEvents(state, timeZone), { ...ORDER, dir: state.dir }, seek, state.size, keyOf);
}

/** Every matching event in grid order, for the CSV export. */
export function selectActivityRows(state: GridState, timeZone: string) {
  return matchingEvents(state, timeZone).orderBy(ORDER.sort, state.dir).orderBy(ORDER.id, state.dir);
}
