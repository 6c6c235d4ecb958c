import { Button, Group, Stack, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { OutcomeCard } from "~/components/outcome-card";

/**
 * The page of a bulk action without JavaScript (a resend, a role assignment), in its two states:
 * a finished action's outcome too long for the pop-up, or the form under its title with what the
 * action refuses above it; a selection refused outright (no token) leaves only Cancel.
 */
export function BulkOutcomePage({
  title,
  outcome,
  back,
}: {
  title: string;
  outcome: { title: string; message: string; lines: readonly string[] };
  back: string;
}) {
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <OutcomeCard outcome={outcome} back={back} />
    </Stack>
  );
}

export function BulkFormPage({
  title,
  token,
  back,
  notices,
  fields,
}: {
  title: string;
  /** The form's one-time token; null when the selection is refused (there is no form). */
  token: string | null;
  back: string;
  /** What stands between the title and the form: the refusals, the selection. */
  notices: ReactNode;
  /** The form's fields, given the token and whether the form is being submitted. */
  fields: (form: { token: string; busy: boolean }) => ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{title}</Title>
      {notices}
      {token ? (
        <Form method="post" aria-label={title}>
          {fields({ token, busy })}
        </Form>
      ) : (
        <Group>
          <Button variant="default" component={Link} to={back}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}
