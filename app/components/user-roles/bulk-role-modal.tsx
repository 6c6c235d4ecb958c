import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { BulkActionModal } from "~/components/bulk-action-modal";
import type { BulkDialogProps } from "~/grid/components/bulk-action";
import { BACKGROUND_FETCHER_PREFIX } from "~/lib/background-fetcher";
import { bulkAssignmentHref, type BulkAssignmentActionData, type BulkAssignmentPageData } from "~/modules/user-roles/bulk-assignment";
import { ROLE_MESSAGES } from "~/modules/user-roles/role-rules";
import { useAnswerPopUp } from "~/write-path/use-answer-pop-up";
import { BulkRefusals } from "./bulk-refusals";
import { BulkRoleFields } from "./bulk-role-fields";

/**
 * The Bulk Role(s) Assignment dialog with JavaScript: the page's own loader fills it (the server
 * checks the selection and hands out the form's one-time token) and Save posts the same form (to
 * `path`, the bulk page of User Roles or of Applications) with a
 * fetcher; the result opens the pop-up 'Bulk Role Assignment result'.
 */
export function BulkRoleModal({ ids, back, opened, onClose, path }: BulkDialogProps & { path: string }) {
  const page = useFetcher<BulkAssignmentPageData>();
  const submission = useFetcher<BulkAssignmentActionData>({ key: `${BACKGROUND_FETCHER_PREFIX}bulkRoles` });
  const href = bulkAssignmentHref(path, ids, back);
  const { load } = page;

  useEffect(() => {
    if (opened) load(href);
  }, [opened, href, load]);

  useAnswerPopUp(submission, (answer) =>
    "outcome" in answer ? answer.outcome : { title: ROLE_MESSAGES.failedTitle, message: answer.refusals[0] ?? "", lines: answer.refusals.slice(1) },
  );

  const data = page.state === "idle" ? page.data : undefined;
  return (
    <BulkActionModal
      title={ROLE_MESSAGES.bulkDialogTitle}
      opened={opened}
      onClose={onClose}
      form={data?.kind === "form" ? data : undefined}
      submission={submission}
      action={path}
      notices={(form) => <BulkRefusals lines={form.refusals} />}
      fields={(form, token) => (
        <BulkRoleFields
          ids={form.ids}
          users={form.users}
          unassignable={form.unassignable}
          assignable={form.assignable}
          token={token}
          back={form.back}
          respondWithDialog
          onCancel={onClose}
        />
      )}
    />
  );
}
