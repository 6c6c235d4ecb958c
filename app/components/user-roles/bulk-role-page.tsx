import { BulkFormPage, BulkOutcomePage } from "~/components/bulk-action-page";
import type { BulkAssignmentActionData, BulkAssignmentPageData } from "~/modules/user-roles/bulk-assignment";
import { ROLE_MESSAGES } from "~/modules/user-roles/role-rules";
import { BulkRefusals } from "./bulk-refusals";
import { BulkRoleFields } from "./bulk-role-fields";

const TITLE = ROLE_MESSAGES.bulkDialogTitle;

/**
 * The Bulk Role(s) Assignment as a page (without JavaScript, from User Roles or Applications): the
 * users, the roles, Cancel and Save; or a finished assignment's result too long for the pop-up.
 */
export function BulkRolePage({ page, answer }: { page: BulkAssignmentPageData; answer: BulkAssignmentActionData | undefined }) {
  if (page.kind === "result") return <BulkOutcomePage title={TITLE} outcome={page.outcome} back={page.back} />;
  return (
    <BulkFormPage
      title={TITLE}
      token={page.token}
      back={page.back}
      notices={<BulkRefusals lines={answer && "refusals" in answer ? answer.refusals : page.refusals} />}
      fields={({ token, busy }) => (
        <BulkRoleFields
          ids={page.ids}
          users={page.users}
          unassignable={page.unassignable}
          assignable={page.assignable}
          token={token}
          back={page.back}
          busy={busy}
        />
      )}
    />
  );
}
