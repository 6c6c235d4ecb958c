import { z } from "zod";
import { pathAndBelow, safeReturnTo } from "~/auth/return-to";
import { recordIds } from "~/lib/record-id";
import { RESPOND_WITH_DIALOG } from "~/write-path/action-outcome";
import { DEFAULT_BACK, detailPath, isSingleResendKind, RESEND_FIELDS, SINGLE_RESEND_FIELDS, SINGLE_RESEND_KINDS, type SingleResendKind } from "./form-fields";

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
const sentText = z.string().optional();
/** A checkbox: sent (with any value) when ticked. */
const ticked = sentText.transform((value) => value !== undefined);

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

/**
 * The Available Actions form, read once by the action (decision 0076); refused when its token is
 * missing or malformed (a form the portal did not render). The ids are read as requestedIds says.
 */
export const bulkResendFormSchema = z
  .object({
    [RESEND_FIELDS.token]: token,
    [RESEND_FIELDS.diagnosticReport]: ticked,
    [RESEND_FIELDS.invoice]: ticked,
    [RESEND_FIELDS.ids]: z.array(sentText).optional(),
    [RESEND_FIELDS.back]: sentText,
    [RESEND_FIELDS.returnTo]: sentText,
  })
  .transform((sent): ResendForm => ({
    token: sent.token,
    diagnosticReport: sent.resendDiagnosticReport,
    invoice: sent.resendInvoice,
    ids: requestedIds((sent.ids ?? []).map((id) => id ?? "")),
    back: safeReturnTo(sent.back ?? sent.returnTo ?? null, DEFAULT_BACK),
  }));

/** A single resend's form, for the transaction requestId; refused when its kind or token is missing or malformed. */
export function singleResendFormSchema(requestId: number | string) {
  return z
    .object({
      [SINGLE_RESEND_FIELDS.kind]: z.enum(SINGLE_RESEND_KINDS),
      [SINGLE_RESEND_FIELDS.token]: token,
      [SINGLE_RESEND_FIELDS.back]: sentText,
      [RESEND_FIELDS.respond]: sentText,
    })
    .transform((sent): SingleResendForm => ({
      kind: sent.kind,
      token: sent.token,
      back: singleResendBack(sent.back ?? null, requestId),
      respondWithDialog: sent.respond === RESPOND_WITH_DIALOG,
    }));
}

/** The kind a refused single resend's form named, if it is one (for the refusal's words). */
export function sentResendKind(sent: Record<string, unknown> | undefined): SingleResendKind | null {
  const kind = sent?.[SINGLE_RESEND_FIELDS.kind];
  return isSingleResendKind(kind) ? kind : null;
}
