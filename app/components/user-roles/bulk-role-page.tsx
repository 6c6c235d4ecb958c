import { Button, Group, Stack, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { OutcomeCard } from "~/components/outcome-card";
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
  const submitting = useNavigation().state === "submitting";
  if (page.kind === "result") {
    return (
      <Stack gap="lg">
        <Title order={1}>{TITLE}</Title>
        <OutcomeCard outcome={page.outcome} back={page.back} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{TITLE}</Title>
      <BulkRefusals lines={answer && "refusals" in answer ? answer.refusals : page.refusals} />
      {page.token ? (
        <Form method="post" aria-label={TITLE}>
          <BulkRoleFields ids={page.ids} users={page.users} unassignable={page.unassignable} assignable={page.assignable} token={page.token} back={page.back} busy={submitting} />
        </Form>
      ) : (
        <Group>
          <Button variant="default" component={Link} to={page.back}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}
