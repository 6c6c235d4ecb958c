import type { SignedIn } from "~/auth/user-session.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { answerAction } from "~/write-path/answer-action.server";
import { readForm } from "~/write-path/read-form.server";
import { submitForm } from "~/write-path/submit-form.server";
import { BULK_FIELDS, bulkRefusals } from "./bulk-assignment";
import { bulkAssign, bulkAssignmentFormSchema, bulkAssignmentPage, bulkBack, BULK_MESSAGES, expiredBulkForm, type BulkSource } from "./bulk-assignment.server";

/** The loader of a bulk assignment page; its route has checked the permissions. */
export function loadBulkRolePage(source: BulkSource, request: Request, signedIn: SignedIn) {
  return bulkAssignmentPage(source, signedIn, new URL(request.url));
}

/** The action of a bulk assignment page, answered the one way (answerAction); its route has checked the permissions. */
export async function actOnBulkRolePage(source: BulkSource, request: Request, signedIn: SignedIn) {
  const formData = await readForm(request);
  const { timeZone } = await userTimeZone(request, signedIn.user.id);
  const outcome = await submitForm(formData, bulkAssignmentFormSchema, {
    refusal: expiredBulkForm,
    failure: BULK_MESSAGES.broken,
    logAs: "The bulk role assignment failed",
    run: (form) => bulkAssign(source, signedIn, form, { timeZone }),
  });
  return answerAction(formData, outcome, { back: bulkBack(source, formData.get(BULK_FIELDS.back)), refusedBody: bulkRefusals });
}
