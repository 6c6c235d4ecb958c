import type { PopUpMessage } from "~/write-path/action-outcome";

/** A grid page whose rows could not be read: the screen's failure words, shown in the grid's place. */
export interface GridLoadFailure {
  loadFailure: PopUpMessage;
}

export function isGridLoadFailure(value: unknown): value is GridLoadFailure {
  return typeof value === "object" && value !== null && "loadFailure" in value;
}
