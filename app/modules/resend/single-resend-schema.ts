import { pathAndBelow, safeReturnTo } from "~/auth/return-to";
import { TOKEN_PATTERN } from "./schema";
import { detailPath, isSingleResendKind, RESPOND_WITH_DIALOG, SINGLE_RESEND_FIELDS, type SingleResendKind } from "./single-resend-form";

/** How the server reads a single resend's form; anything odd is refused, never a 500. */

export interface SingleResendForm {
  kind: SingleResendKind;
  token: string;
  back: string;
  respondWithDialog: boolean;
}

/** A same-origin path under /transactions, else the transaction's detail view. */
export function singleResendBack(value: FormDataEntryValue | null, requestId: number | string): string {
  return safeReturnTo(typeof value === "string" ? value : null, detailPath(requestId), pathAndBelow("/transactions"));
}

/** The form, or null when its kind or token is missing or malformed (a form the portal did not render). */
export function parseSingleResendForm(formData: FormData, requestId: number | string): SingleResendForm | null {
  const kind = formData.get(SINGLE_RESEND_FIELDS.kind);
  const token = formData.get(SINGLE_RESEND_FIELDS.token);
  if (!isSingleResendKind(kind) || typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  return {
    kind,
    token,
    back: singleResendBack(formData.get(SINGLE_RESEND_FIELDS.back), requestId),
    respondWithDialog: formData.get(SINGLE_RESEND_FIELDS.respond) === RESPOND_WITH_DIALOG,
  };
}
