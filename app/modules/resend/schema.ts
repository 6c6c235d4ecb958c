import { parseRecordId } from "~/lib/record-id";
import { z } from "zod";
import { safeReturnTo } from "~/auth/return-to";
import { DEFAULT_BACK, RESEND_FIELDS, RESPOND_WITH_DIALOG } from "./form-fields";

/** How the server reads the selection and the resend form; anything odd is refused, never a 500. */

/** Ids beyond this many are not even looked at (the rules allow far fewer). */
const MAX_READ_IDS = 1000;

/** The submitted ids: trimmed, empty ones dropped, numbers written canonically, each once. */
export function requestedIds(values: ReadonlyArray<FormDataEntryValue>): string[] {
  const ids = new Set<string>();
  for (const value of values.slice(0, MAX_READ_IDS)) {
    if (typeof value !== "string") continue;
    const trimmed = value.trim();
    if (trimmed === "") continue;
    ids.add(/^\d{1,15}$/.test(trimmed) ? String(Number(trimmed)) : trimmed);
  }
  return [...ids];
}

/** The ids that can name a scan request at all. */
export function numericIds(requested: readonly string[]): number[] {
  return requested.map((id) => parseRecordId(id)).filter((id): id is number => id !== null);
}

/** The grid to go back to (`back`, else `returnTo`): a same-origin path, else the transactions grid. */
export function backOf(fields: { get(name: string): FormDataEntryValue | null }): string {
  const value = fields.get(RESEND_FIELDS.back) ?? fields.get(RESEND_FIELDS.returnTo);
  return safeReturnTo(typeof value === "string" ? value : null, DEFAULT_BACK);
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const resendFormSchema = z.object({
  token: z.string().regex(TOKEN_PATTERN),
  diagnosticReport: z.boolean(),
  invoice: z.boolean(),
  respondWithDialog: z.boolean(),
});

export interface ResendForm {
  ids: string[];
  token: string;
  diagnosticReport: boolean;
  invoice: boolean;
  back: string;
  respondWithDialog: boolean;
}

/** The form, or null when its token is missing or malformed (a form the portal did not render). */
export function parseResendForm(formData: FormData): ResendForm | null {
  const parsed = resendFormSchema.safeParse({
    token: formData.get(RESEND_FIELDS.token),
    diagnosticReport: formData.has(RESEND_FIELDS.diagnosticReport),
    invoice: formData.has(RESEND_FIELDS.invoice),
    respondWithDialog: formData.get(RESEND_FIELDS.respond) === RESPOND_WITH_DIALOG,
  });
  if (!parsed.success) return null;
  return { ...parsed.data, ids: requestedIds(formData.getAll(RESEND_FIELDS.ids)), back: backOf(formData) };
}

/** Whether the answer should be data for the modal's pop-up (also for a form whose token is bad). */
export function wantsDialog(formData: FormData): boolean {
  return formData.get(RESEND_FIELDS.respond) === RESPOND_WITH_DIALOG;
}
