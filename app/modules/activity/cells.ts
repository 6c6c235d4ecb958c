import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import { actionWords, entityWords, outcomeWords } from "./event-words";
import type { activityGrid } from "./grid";

/** What an Activity row's cells are made of (grid-query.server.ts). */
export interface ActivityCellsSource {
  id: number;
  at: string;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  outcome: string;
}

export function activityCells(row: ActivityCellsSource, timeZone: string): GridCells<typeof activityGrid> {
  return {
    at: cellDateTime(row.at, timeZone),
    actor: row.actor,
    entity: entityWords(row.entity),
    entityId: row.entityId ?? "",
    action: actionWords(row.action),
    outcome: outcomeWords(row.outcome),
    eventId: String(row.id),
  };
}
