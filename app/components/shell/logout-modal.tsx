import { Button, Group, Modal } from "@mantine/core";
import { Form } from "@remix-run/react";
import { LOGOUT_QUESTION } from "./logout-question";
import { LOGOUT_PATH } from "./user-menu-items";

/** The logout confirmation with JavaScript; YES posts to /logout as a document request (it ends at the identity provider). */
export function LogoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={LOGOUT_QUESTION} centered>
      <Form method="post" action={LOGOUT_PATH} reloadDocument>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            No
          </Button>
          <Button type="submit" color="red">
            YES
          </Button>
        </Group>
      </Form>
    </Modal>
  );
}
