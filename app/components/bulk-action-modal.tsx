import { Center, Loader, Modal, Stack } from "@mantine/core";
import type { FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A bulk action's dialog with JavaScript (a resend, a role assignment): a spinner while the page's
 * loader answers, then what the action refuses and, when the server handed out a one-time token,
 * the form posted with the caller's fetcher to `action`; the dialog closes on submit.
 */
export function BulkActionModal<Form extends { token: string | null }>({
  title,
  opened,
  onClose,
  form,
  submission,
  action,
  notices,
  fields,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** The loaded form's data; undefined while it loads. */
  form: Form | undefined;
  /** The fetcher that posts the form (its answer opens the pop-up). */
  submission: Pick<FetcherWithComponents<unknown>, "Form">;
  action: string;
  notices: (form: Form) => ReactNode;
  fields: (form: Form, token: string) => ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      {form ? (
        <Stack gap="md">
          {notices(form)}
          {form.token ? (
            <submission.Form method="post" action={action} onSubmit={onClose} aria-label={title}>
              {fields(form, form.token)}
            </submission.Form>
          ) : null}
        </Stack>
      ) : (
        <Center py="lg">
          <Loader size="md" aria-label="Loading" />
        </Center>
      )}
    </Modal>
  );
}
