import type { SubmissionResult } from "@conform-to/react";
import type { DialogMessage } from "~/lib/dialog-events";

/**
 * What a write did, as its module says it (DESIGN §6, decision 0023): the one shape every action
 * returns, turned into the HTTP answer by answerAction (answer-action.server.ts). Safe to import in
 * the browser: pages type their action data with the answer shapes below.
 */

/** What a form submitted, as conform gives it back to fill the form in again (files left out). */
export type FormValues = NonNullable<SubmissionResult<string[]>["initialValue"]>;

/** The pop-up dialog's words: a title, the message and lines under it (what the flash cookie carries). */
export type PopUpMessage = DialogMessage;

export interface DoneOutcome {
  kind: "done";
  message: PopUpMessage;
  /** Where to go next instead of the route's way back (checked like it). */
  back?: string;
  /** A page showing the message in full, for when it is too long for the pop-up's cookie. */
  fullAt?: string;
}

export interface RefusedOutcome<Values = FormValues> {
  kind: "refused";
  /** Which of the page's forms was refused (its `intent` field), null when the form is not one of them. */
  intent?: string | null;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
  /** What was submitted, to fill the form in again. */
  values?: Values;
  /** The refusal as a pop-up, for a form with no place for errors (a lone button). */
  message?: PopUpMessage;
}

/** The row changed since the form was shown (a stale version): nothing was written. */
export interface ConflictOutcome {
  kind: "conflict";
  message: PopUpMessage;
}

/** The write broke (an outbound call, a bug): nothing or only part was written; the spec's failure words. */
export interface FailedOutcome {
  kind: "failed";
  message: PopUpMessage;
}

export type ActionOutcome<Values = FormValues> = DoneOutcome | RefusedOutcome<Values> | ConflictOutcome | FailedOutcome;

export function done(message: PopUpMessage, where: { back?: string; fullAt?: string } = {}): DoneOutcome {
  return { kind: "done", message, ...where };
}

export function refused<Values = FormValues>(refusal: Partial<Omit<RefusedOutcome<Values>, "kind">>): RefusedOutcome<Values> {
  return { kind: "refused", ...refusal, fieldErrors: refusal.fieldErrors ?? {}, formErrors: refusal.formErrors ?? [] };
}

export function conflict(message: PopUpMessage): ConflictOutcome {
  return { kind: "conflict", message };
}

export function failed(message: PopUpMessage): FailedOutcome {
  return { kind: "failed", message };
}

/**
 * A form sent by a fetcher that opens the answer in the pop-up says so with `respond=dialog`; the
 * same form without JavaScript gets a redirect with the pop-up in a cookie instead.
 */
export const RESPOND_FIELD = "respond";
export const RESPOND_WITH_DIALOG = "dialog";

export function wantsDialog(formData: FormData): boolean {
  return formData.get(RESPOND_FIELD) === RESPOND_WITH_DIALOG;
}

/** The answer a fetcher that asked for the pop-up gets (done, conflict, failed; a refusal without a page). */
export interface DialogAnswer {
  outcome: PopUpMessage;
}

/** A refused form's errors in place: conform's reply, for the page's form named by `intent`. */
export interface FormAnswer {
  intent: string | null;
  result: SubmissionResult<string[]>;
}

/** Conform's `lastResult` for a refusal: its errors (form errors under ""), and what was submitted. */
export function formAnswer(outcome: RefusedOutcome<FormValues>): FormAnswer {
  const error: Record<string, string[]> = { ...outcome.fieldErrors };
  if (outcome.formErrors.length > 0) error[""] = outcome.formErrors;
  return { intent: outcome.intent ?? null, result: { status: "error", initialValue: outcome.values ?? null, error } };
}
