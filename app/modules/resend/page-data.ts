import type { DialogAnswer, RefusedOutcome } from "~/write-path/action-outcome";
import type { ResendOutcome } from "./outcome";

/** A selected transaction as the confirmation lists it. */
export interface SelectedRowView {
  scanRequestId: number;
  scanType: string;
  status: string;
  vin: string | null;
  shopName: string | null;
}

/**
 * What the resend page (and the modal, which loads it) shows: the confirmation form for a
 * selection, with the reasons it is refused if it is; or the stored outcome of a finished resend
 * whose lines were too many for the pop-up's cookie.
 */
export type ResendPageData =
  | {
      kind: "form";
      ids: string[];
      rows: SelectedRowView[];
      refusals: string[];
      /** The form's one-time token; null when the selection is refused (there is no form). */
      token: string | null;
      back: string;
    }
  | { kind: "result"; outcome: ResendOutcome; back: string };

/** A refused resend: why, listed above the form (the page) or in the pop-up (the modal). */
export interface RefusalsAnswer {
  refusals: string[];
}

/** What the action answers besides a redirect: a refusal, or the outcome for the modal's pop-up. */
export type ResendActionData = RefusalsAnswer | DialogAnswer;

/** The body of a refused resend (answerAction's refusedBody): its reasons are form errors. */
export function refusalsAnswer(outcome: RefusedOutcome): RefusalsAnswer {
  return { refusals: outcome.formErrors };
}
