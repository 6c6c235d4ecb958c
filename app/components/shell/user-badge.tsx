import { Avatar, Group, Text } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import type { DisplayUser } from "~/auth/user-display";

/**
 * The user menu's face: initials avatar and full name. The space between them is not drawn (the
 * row is a flexbox) but keeps the text "JD Jane Doe" rather than "JDJane Doe", which the button's
 * name (userMenuLabel) must contain for speech users.
 */
export function UserBadge({ user }: { user: DisplayUser }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar color="blue" radius="xl" size="sm" aria-hidden="true">
        {user.initials}
      </Avatar>{" "}
      <Text size="sm" fw={500} visibleFrom="xs">
        {user.fullName}
      </Text>
      <IconChevronDown size={14} aria-hidden="true" />
    </Group>
  );
}
