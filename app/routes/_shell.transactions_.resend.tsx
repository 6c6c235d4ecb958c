import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { BulkFormPage, BulkOutcomePage } from "~/components/bulk-action-page";
import { RefusalAlert } from "~/components/resend/refusal-alert";
import { ResendChoiceFields } from "~/components/resend/resend-choice-fields";
import { ResendSpinner } from "~/components/resend/resend-spinner";
import { SelectionSummary } from "~/components/resend/selection-summary";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { BULK_RESEND_BROKEN, bulkResend, expiredResendForm } from "~/modules/resend/bulk-resend.server";
import { refusalsAnswer } from "~/modules/resend/page-data";
import { resendPageData } from "~/modules/resend/page-data.server";
import { backOf, bulkResendFormSchema } from "~/modules/resend/schema";
import { AVAILABLE_ACTIONS_TITLE } from "~/modules/resend/vocabulary";
import { answerAction } from "~/write-path/answer-action.server";
import { readForm } from "~/write-path/read-form.server";
import { submitForm } from "~/write-path/submit-form.server";

/**
 * Bulk resend to CCC ONE (the Available Actions dialog). Without JavaScript the grid's bulk form
 * opens this page with GET (?ids=...&back=...): the selection, the two choices, Cancel and Confirm.
 * Confirm posts here; the outcome goes back to the grid in the pop-up. With JavaScript the grid's
 * modal loads this loader and posts to this action with a fetcher.
 */
export const handle: PageHandle = { title: AVAILABLE_ACTIONS_TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(AVAILABLE_ACTIONS_TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, "transactions");
  return resendPageData(user, new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requirePage(request, "transactions");
  const formData = await readForm(request);
  const outcome = await submitForm(formData, bulkResendFormSchema, {
    refusal: expiredResendForm,
    failure: BULK_RESEND_BROKEN,
    logAs: "The bulk resend failed",
    run: (form) => bulkResend(user, form),
  });
  return answerAction(formData, outcome, { back: backOf(formData), refusedBody: refusalsAnswer });
}

export default function ResendPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (page.kind === "result") return <BulkOutcomePage title={AVAILABLE_ACTIONS_TITLE} outcome={page.outcome} back={page.back} />;
  return (
    <BulkFormPage
      title={AVAILABLE_ACTIONS_TITLE}
      token={page.token}
      back={page.back}
      notices={
        <>
          <RefusalAlert refusals={answer && "refusals" in answer ? answer.refusals : page.refusals} />
          <SelectionSummary rows={page.rows} />
        </>
      }
      fields={({ token, busy }) => (
        <>
          <ResendChoiceFields ids={page.ids} token={token} back={page.back} busy={busy} />
          <ResendSpinner running={busy} />
        </>
      )}
    />
  );
}
