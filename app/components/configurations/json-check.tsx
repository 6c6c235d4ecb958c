import type { FormEvent, ReactNode } from "react";
import { openDialog } from "~/lib/dialog-events";
import { FIELDS } from "~/modules/configurations/editor-values";
import { INVALID_JSON } from "~/modules/configurations/json-text";

/** The pop-up of a JSON value that does not parse (platform spec §5, §8). */
export const INVALID_JSON_POP_UP = { title: "Fail", message: INVALID_JSON } as const;

function stopsOnInvalidJson(event: FormEvent<HTMLElement>): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const data = new FormData(form);
  if (data.get(FIELDS.configValueType) !== "JSON") return;
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (submitter instanceof HTMLButtonElement && submitter.name === FIELDS.editor) return;
  try {
    JSON.parse(String(data.get(FIELDS.configValue) ?? ""));
  } catch {
    event.preventDefault();
    openDialog(INVALID_JSON_POP_UP);
  }
}

/**
 * With JavaScript a JSON value that does not parse stops the form before it is sent, with the
 * dialog 'Invalid Json!' (nothing is saved); the server refuses it the same way without.
 */
export function JsonCheck({ children }: { children: ReactNode }) {
  return <div onSubmitCapture={stopsOnInvalidJson}>{children}</div>;
}
