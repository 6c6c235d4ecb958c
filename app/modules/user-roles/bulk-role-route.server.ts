import type { SignedIn } from "~/auth/user-session.server";
import { answerAction } from "~/write-path/answer-action.server";
import { readForm } from "~/write-path/read-form.server";
import { runAction } from "~/write-path/run-action.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { bulkRefusals } from "./bulk-assignment";
import { bulkAssignFromForm, bulkAssignmentPage, bulkBack, BULK_MESSAGES, type BulkSource } from "./bulk-assignment.server";

/** The loader of a bulk assignment page; its route has checked the permissions. */
export function loadBulkRolePage(source: BulkSource, request: Request, signedIn: SignedIn) {
  return bulkAssignmentPage(source, signedIn, new URL(request.url));
}

/** The action of a bulk assignment page, answered the one way (answerAction); its route has checked the permissions. */
export async function actOnBulkRolePage(source: BulkSource, request: Request, signedIn: SignedIn) {
  const formData = await readForm(request);
  const { timeZone } = await userTimeZone(request, signedIn.user.id);
  const outcome = await runAction(() => bulkAssignFromForm(source, signedIn, formData, { timeZone }), {
    failure: BULK_MESSAGES.broken,
    logAs: "The bulk role assignment failed",
  });
  return answerAction(formData, outcome, { back: bulkBack(source, formData), refusedBody: bulkRefusals });
}
