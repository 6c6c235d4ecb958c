import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { SINGLE_RESEND_FIELDS } from "~/modules/resend/form-fields";
import { singleResendBack, singleResendFormSchema } from "~/modules/resend/schema";
import { brokenOutcome } from "~/modules/resend/single-resend-outcome";
import { expiredSingleResend, resendFromDetail } from "~/modules/resend/single-resend.server";
import { answerResourceAction } from "~/write-path/answer-action.server";
import { readForm } from "~/write-path/read-form.server";
import { runAction } from "~/write-path/run-action.server";
import { readSubmission } from "~/write-path/submit-form.server";

/**
 * A single resend from a detail view: POST /transactions/{id}/resend with kind=results|invoice, the
 * form's one-time token and the detail view to go back to. Without JavaScript the answer is a
 * redirect back with the outcome in the pop-up; the button's fetcher (respond=dialog) gets the
 * outcome as data. GET changes nothing.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePage(request, "transactions");
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requirePage(request, "transactions");
  const formData = await readForm(request);
  const requestId = params.id ?? "";
  const read = readSubmission(formData, singleResendFormSchema(requestId), { refusal: expiredSingleResend });
  // The words when it breaks name what was being resent.
  const outcome =
    read.kind === "refused"
      ? read.outcome
      : read.settle(
          await runAction(() => resendFromDetail(user, requestId, read.value), { failure: brokenOutcome(read.value.kind), logAs: "A single resend failed" }),
        );
  return answerResourceAction(formData, outcome, { back: singleResendBack(formData.get(SINGLE_RESEND_FIELDS.back), requestId) });
}
