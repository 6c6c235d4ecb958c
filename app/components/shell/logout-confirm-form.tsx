import { Button, Group } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { LOGOUT_PATH } from "./user-menu-items";

/**
 * YES / No of the logout confirmation, in the modal (with JavaScript, No closes it) and on the
 * /logout page (without, No goes home). YES posts as a document request: it ends at the identity provider.
 */
export function LogoutConfirmForm({ onNo }: { onNo?: () => void }) {
  return (
    <Form method="post" action={LOGOUT_PATH} reloadDocument>
      <Group justify="flex-end">
        {onNo ? (
          <Button variant="default" onClick={onNo}>
            No
          </Button>
        ) : (
          <Button component={Link} to="/" variant="default">
            No
          </Button>
        )}
        <Button type="submit" color="red">
          YES
        </Button>
      </Group>
    </Form>
  );
}
