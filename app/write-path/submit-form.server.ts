import type { z } from "zod";
import type { ActionOutcome, FormValues, PopUpMessage, RefusedOutcome } from "./action-outcome";
import { parseForm } from "./parse-form.server";
import { refusedSubmission } from "./refused-submission";
import { runAction } from "./run-action.server";

/**
 * The one way a write reads its form (DESIGN §6, decision 0076): the form is parsed once by the
 * action's own zod schema; a form the schema refuses never reaches the command, and the command is
 * handed the schema's typed value, never the FormData. A refusal the command makes later (a
 * duplicate, a choice no longer offered) shows the form again as it was submitted.
 */
export interface SubmissionReading {
  /**
   * Which of the page's forms this is (its `intent` field); for a page of several forms read by one
   * discriminated schema, the intent of what was sent (null when it names none of them).
   */
  intent?: string | null | ((sent: FormValues | undefined) => string | null);
  /**
   * What of the submitted form may go back to the page on a refusal (default: all of it but
   * files): a form holding a secret leaves it out here, for the schema's refusals and the command's.
   */
  shownAgain?: (values: FormValues) => FormValues;
  /**
   * The answer to a form the schema refuses, for a form whose fields the user does not fill in (a
   * button's, a confirmation's): its refusal is one message, not the fields' errors.
   */
  refusal?: (sent: FormValues | undefined) => RefusedOutcome;
}

export type ReadSubmission<Value> =
  | { kind: "refused"; outcome: RefusedOutcome }
  | {
      kind: "read";
      value: Value;
      /** The command's outcome with the refusal's intent and, unless the command gave its own, the submitted values. */
      settle(outcome: ActionOutcome): ActionOutcome;
    };

export function readSubmission<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
  reading: SubmissionReading = {},
): ReadSubmission<z.output<Schema>> {
  const submission = parseForm(formData, schema);
  const shown = (values: FormValues | undefined) => (values && reading.shownAgain ? reading.shownAgain(values) : values);
  const intentOf = (sent: FormValues | undefined) => (typeof reading.intent === "function" ? reading.intent(sent) : reading.intent);
  if (submission.status !== "success") {
    if (reading.refusal) return { kind: "refused", outcome: reading.refusal(submission.reply().initialValue ?? undefined) };
    const outcome = refusedSubmission(submission);
    return { kind: "refused", outcome: { ...outcome, intent: intentOf(outcome.values), values: shown(outcome.values) } };
  }
  return {
    kind: "read",
    value: submission.value,
    settle(outcome) {
      if (outcome.kind !== "refused") return outcome;
      const sent = submission.reply().initialValue ?? undefined;
      return { ...outcome, intent: outcome.intent ?? intentOf(sent), values: outcome.values ?? shown(sent) };
    },
  };
}

export interface FormWrite<Value> extends SubmissionReading {
  /** The spec's words for this write breaking, and the log line's message. */
  failure: PopUpMessage;
  logAs: string;
  run(value: Value): Promise<ActionOutcome>;
}

/** A page's write: its form read by its schema, its command run with the typed value (runAction), its outcome settled. */
export async function submitForm<Schema extends z.ZodType>(formData: FormData, schema: Schema, write: FormWrite<z.output<Schema>>): Promise<ActionOutcome> {
  const read = readSubmission(formData, schema, write);
  if (read.kind === "refused") return read.outcome;
  const value = read.value;
  return read.settle(await runAction(() => write.run(value), write));
}
