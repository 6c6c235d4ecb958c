import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { BulkActionModal } from "~/components/bulk-action-modal";
import { BACKGROUND_FETCHER_PREFIX } from "~/lib/background-fetcher";
import { RESEND_PATH, resendHref } from "~/modules/resend/form-fields";
import type { ResendActionData, ResendPageData } from "~/modules/resend/page-data";
import { AVAILABLE_ACTIONS_TITLE, FAIL_MESSAGE, FAIL_TITLE } from "~/modules/resend/vocabulary";
import { useAnswerPopUp } from "~/write-path/use-answer-pop-up";
import { RefusalAlert } from "./refusal-alert";
import { ResendChoiceFields } from "./resend-choice-fields";
import { ResendSpinner } from "./resend-spinner";
import { SelectionSummary } from "./selection-summary";

interface ResendModalProps {
  /** The selected rows' scan request ids. */
  ids: ReadonlyArray<number | string>;
  /** The grid's URL (path and query), where Cancel and the result lead back to. */
  back: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * The Available Actions dialog with JavaScript: the resend page's own loader fills it (the server
 * checks the selection and hands out the form's one-time token), and Confirm posts the same form
 * with a fetcher. The dialog closes on Confirm; the spinner shows for at most 5 seconds, and the
 * outcome opens the pop-up ('Diagnostic report and Invoice status', or 'Fail' with the reasons).
 */
export function ResendModal({ ids, back, opened, onClose }: ResendModalProps) {
  const page = useFetcher<ResendPageData>();
  const submission = useFetcher<ResendActionData>({ key: `${BACKGROUND_FETCHER_PREFIX}resend` });
  const href = resendHref(ids, back);
  const { load } = page;

  useEffect(() => {
    if (opened) load(href);
  }, [opened, href, load]);

  useAnswerPopUp(submission, (answer) => ("outcome" in answer ? answer.outcome : { title: FAIL_TITLE, message: FAIL_MESSAGE, lines: answer.refusals }));

  const data = page.state === "idle" ? page.data : undefined;
  return (
    <>
      <BulkActionModal
        title={AVAILABLE_ACTIONS_TITLE}
        opened={opened}
        onClose={onClose}
        form={data?.kind === "form" ? data : undefined}
        submission={submission}
        action={RESEND_PATH}
        notices={(form) => (
          <>
            <RefusalAlert refusals={form.refusals} />
            <SelectionSummary rows={form.rows} />
          </>
        )}
        fields={(form, token) => <ResendChoiceFields ids={form.ids} token={token} back={form.back} respondWithDialog onCancel={onClose} />}
      />
      <ResendSpinner running={submission.state === "submitting"} />
    </>
  );
}
