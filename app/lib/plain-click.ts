import type { MouseEvent } from "react";

/** A plain left click: no modifier key, so the user did not ask for a new tab or window. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
