import { Modal } from "@mantine/core";
import { LogoutConfirmForm } from "./logout-confirm-form";
import { LOGOUT_QUESTION } from "./logout-question";

/** The logout confirmation with JavaScript. */
export function LogoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={LOGOUT_QUESTION} centered>
      <LogoutConfirmForm onNo={onClose} />
    </Modal>
  );
}
