/** The pop-up dialog (title, message, OK) is opened by this window event; all alerts use it. */
export const DIALOG_EVENT = "portal:dialog";

export interface DialogMessage {
  title: string;
  message: string;
  lines?: string[];
}

export function isDialogMessage(value: unknown): value is DialogMessage {
  if (typeof value !== "object" || value === null) return false;
  const { title, message, lines } = value as Record<string, unknown>;
  return (
    typeof title === "string" &&
    typeof message === "string" &&
    (lines === undefined || (Array.isArray(lines) && lines.every((line) => typeof line === "string")))
  );
}

/** Opens the pop-up dialog from client code. */
export function openDialog(message: DialogMessage): void {
  window.dispatchEvent(new CustomEvent<DialogMessage>(DIALOG_EVENT, { detail: message }));
}
