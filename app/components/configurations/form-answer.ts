import type { SubmissionResult } from "@conform-to/react";
import type { FormValues } from "~/write-path/action-outcome";

/** A configuration form's last answer: what it sent (never a secret) and its errors by field ("" the form's). */
export interface ConfigurationFormAnswer {
  values: FormValues | null;
  errors: Record<string, string[]>;
}

export function configurationFormAnswer(result: SubmissionResult<string[]> | undefined): ConfigurationFormAnswer | null {
  if (!result) return null;
  const errors: Record<string, string[]> = {};
  for (const [name, lines] of Object.entries(result.error ?? {})) if (lines && lines.length > 0) errors[name] = lines;
  return { values: result.initialValue ?? null, errors };
}

/** Every error line, the form's first. */
export function errorLines(answer: ConfigurationFormAnswer | null): string[] {
  if (!answer) return [];
  const { "": formErrors = [], ...fields } = answer.errors;
  return [...formErrors, ...Object.values(fields).flat()];
}
