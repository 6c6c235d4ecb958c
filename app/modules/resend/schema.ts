import { z } from "zod";
import { pathAndBelow, safeReturnTo } from "~/auth/return-to";
import { wantsDialog } from "~/write-path/action-outcome";
import { recordIds } from "~/lib/record-id";
import { DEFAULT_BACK, detailPath, RESEND_FIELDS, SINGLE_RESEND_FIELDS, SINGLE_RESEND_KINDS, type SingleResendKind } from "./form-fields";

/** How the server reads the resend forms; anything odd is refused, never a 500. */

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
  return recordIds(requested);
}

/** The grid to go back to (`back`, else `returnTo`): a same-origin path, else the transactions grid. */
export function backOf(fields: { get(name: string): FormDataEntryValue | null }): string {
  const value = fields.get(RESEND_FIELDS.back) ?? fields.get(RESEND_FIELDS.returnTo);
  return safeReturnTo(typeof value === "string" ? value : null, DEFAULT_BACK);
}

/** A same-origin path under /transactions, else the transaction's detail view. */
export function singleResendBack(value: FormDataEntryValue | null, requestId: number | string): string {
  return safeReturnTo(typeof value === "string" ? value : null, detailPath(requestId), pathAndBelow("/transactions"));
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const token = z.string().regex(TOKEN_PATTERN);

const resendFormSchema = z.object({ token, diagnosticReport: z.boolean(), invoice: z.boolean() });
const singleResendFormSchema = z.object({ kind: z.enum(SINGLE_RESEND_KINDS), token });

export interface ResendForm {
  ids: string[];
  token: string;
  diagnosticReport: boolean;
  invoice: boolean;
  back: string;
}

export interface SingleResendForm {
  kind: SingleResendKind;
  token: string;
  back: string;
  respondWithDialog: boolean;
}

/** The bulk form, or null when its token is missing or malformed (a form the portal did not render). */
export function parseResendForm(formData: FormData): ResendForm | null {
  const parsed = resendFormSchema.safeParse({
    token: formData.get(RESEND_FIELDS.token),
    diagnosticReport: formData.has(RESEND_FIELDS.diagnosticReport),
    invoice: formData.has(RESEND_FIELDS.invoice),
  });
  if (!parsed.success) return null;
  return { ...parsed.data, ids: requestedIds(formData.getAll(RESEND_FIELDS.ids)), back: backOf(formData) };
}

/** A single resend's form, or null when its kind or token is missing or malformed. */
export function parseSingleResendForm(formData: FormData, requestId: number | string): SingleResendForm | null {
  const parsed = singleResendFormSchema.safeParse({ kind: formData.get(SINGLE_RESEND_FIELDS.kind), token: formData.get(SINGLE_RESEND_FIELDS.token) });
  if (!parsed.success) return null;
  return { ...parsed.data, back: singleResendBack(formData.get(SINGLE_RESEND_FIELDS.back), requestId), respondWithDialog: wantsDialog(formData) };
}
