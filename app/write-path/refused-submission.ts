import type { Submission } from "@conform-to/react";
import { refused, type RefusedOutcome } from "./action-outcome";

export interface RefusalExtras {
  /** Which of the page's forms this is. */
  intent?: string | null;
  /** Errors found after the schema passed (a choice the user may not make), added to the schema's. */
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
}

/** A form that failed its zod schema (parseWithZod) or a later check, as a refused outcome. */
export function refusedSubmission<Schema>(submission: Submission<Schema>, extras: RefusalExtras = {}): RefusedOutcome {
  // conform's reply normalises what was submitted (no files, no empty strings) and the errors.
  const reply = submission.reply({ fieldErrors: extras.fieldErrors ?? {}, formErrors: extras.formErrors ?? [] });
  const fieldErrors: Record<string, string[]> = {};
  let formErrors: string[] = [];
  for (const [name, errors] of Object.entries(reply.error ?? {})) {
    if (!errors || errors.length === 0) continue;
    if (name === "") formErrors = errors;
    else fieldErrors[name] = errors;
  }
  return refused({ intent: extras.intent, fieldErrors, formErrors, values: reply.initialValue ?? undefined });
}
