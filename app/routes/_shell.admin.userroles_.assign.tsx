import { Button, Group, Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pagesAllowed, requirePage } from "~/auth/require-page.server";
import { OutcomeCard } from "~/components/outcome-card";
import { BulkRefusals } from "~/components/user-roles/bulk-refusals";
import { BulkRoleFields } from "~/components/user-roles/bulk-role-fields";
import { answerAction } from "~/lib/answer-action.server";
import { notFound } from "~/lib/not-found";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { readForm } from "~/lib/read-form.server";
import { runAction } from "~/lib/run-action.server";
import { userTimeZone } from "~/lib/time-zone.server";
import { bulkRefusals, BULK_FIELDS } from "~/modules/user-roles/bulk-assignment";
import { bulkAssignFromForm, bulkAssignmentPage, bulkBack, BULK_MESSAGES } from "~/modules/user-roles/bulk-assignment.server";
import { ROLE_MESSAGES } from "~/modules/user-roles/role-rules";

/**
 * Bulk Role(s) Assignment (User Roles' Available Actions). Without JavaScript the grid's selection
 * form opens this page with GET (?ids=...&returnTo=...): the users, the roles, Cancel and Save.
 * Save posts here; the result goes back to the grid in the pop-up 'Bulk Role Assignment result'
 * (or to this page when it is too long for it). With JavaScript the grid's dialog loads this loader
 * and posts to this action with a fetcher. Page userroles and changingRoleData, both checked here.
 */
const TITLE = ROLE_MESSAGES.bulkDialogTitle;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

async function requireRoleChanging(request: Request) {
  const signedIn = await requirePage(request, "userroles");
  const allowed = await pagesAllowed(signedIn, ["changingRoleData"]);
  if (!allowed.changingRoleData) notFound();
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireRoleChanging(request);
  return bulkAssignmentPage(signedIn, new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireRoleChanging(request);
  const formData = await readForm(request);
  const { timeZone } = await userTimeZone(request, signedIn.user.id);
  const outcome = await runAction(() => bulkAssignFromForm(signedIn, formData, () => new Date(), timeZone), {
    failure: BULK_MESSAGES.broken,
    logAs: "The bulk role assignment failed",
  });
  return answerAction(formData, outcome, { back: bulkBack(formData.get(BULK_FIELDS.back)), refusedBody: bulkRefusals });
}

export default function BulkRoleAssignmentPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
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
          <BulkRoleFields users={page.users} assignable={page.assignable} token={page.token} back={page.back} busy={submitting} />
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
