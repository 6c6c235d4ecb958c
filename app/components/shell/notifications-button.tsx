import { ActionIcon } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconBell } from "@tabler/icons-react";

export function NotificationsButton() {
  return (
    <ActionIcon component={Link} to="/alerts" variant="subtle" color="gray" size="lg" aria-label="Notifications" title="Notifications">
      <IconBell size={20} aria-hidden="true" />
    </ActionIcon>
  );
}
