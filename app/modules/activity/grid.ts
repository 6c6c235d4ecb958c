import { DEFAULT_PAGE_SIZE, gridDefinition, PAGE_SIZES } from "~/grid/definition";
import { ACTION_WORDS, ENTITY_WORDS, optionsOf, OUTCOME_WORDS } from "./event-words";

/**
 * The Activity screen (issue 29): every event of the audit log (changes made, refused writes,
 * sign-ins), newest first, paged by cursor, 20 a page; the last 7 days until the date chip says
 * otherwise. Read-only: it has no writes of its own.
 */
export const ACTIVITY_PATH = "/admin/activity";
/** The page permission of the screen and its export (decision 0085). */
export const ACTIVITY_PAGE = "activity";

export const activityGrid = gridDefinition({
  id: "activity",
  path: ACTIVITY_PATH,
  title: "Activity",
  columns: [
    { id: "at", label: "When", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "table" },
    { id: "actor", label: "Who", defaultVisible: true, sortable: false, width: "medium" },
    { id: "entity", label: "Record", defaultVisible: true, sortable: false, width: "medium" },
    { id: "entityId", label: "Record Id", defaultVisible: true, sortable: false, width: "code" },
    { id: "action", label: "Action", defaultVisible: true, sortable: false, width: "wide" },
    { id: "outcome", label: "Outcome", defaultVisible: true, sortable: false, width: "short" },
    { id: "eventId", label: "Event Id", defaultVisible: false, sortable: false, width: "id", align: "end" },
  ],
  filters: [
    { id: "actor", label: "Who", kind: { type: "text", maxLength: 100 }, placeholder: "Login, or its beginning" },
    { id: "entity", label: "Record", kind: { type: "select", options: optionsOf(ENTITY_WORDS) } },
    { id: "entityId", label: "Record Id", kind: { type: "text", maxLength: 100 } },
    { id: "action", label: "Action", kind: { type: "select", options: optionsOf(ACTION_WORDS) } },
    { id: "outcome", label: "Outcome", kind: { type: "select", options: optionsOf(OUTCOME_WORDS) } },
  ],
  defaultSort: { column: "at", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  paging: "cursor",
  dateRange: { label: "Date", defaultDays: 7 },
});
