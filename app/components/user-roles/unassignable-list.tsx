import { List, Stack, Text } from "@mantine/core";
import type { UnassignableUser } from "~/modules/user-roles/bulk-assignment";

/** The selected rows whose users cannot be assigned roles: they are FAIL lines of the result. */
export function UnassignableList({ users }: { users: readonly UnassignableUser[] }) {
  if (users.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>{`Cannot be assigned (${users.length})`}</Text>
      <List size="sm" spacing={0} mah={120} style={{ overflowY: "auto" }}>
        {users.map((user) => (
          <List.Item key={user.label}>{`${user.label}: ${user.reason}`}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
