import { Checkbox, Group, List, Stack, Text } from "@mantine/core";
import { BASE_ROLE } from "~/auth/authorization";
import { FormButtons } from "~/components/form-buttons";
import { BULK_FIELDS, type BulkUserView, type UnassignableUser } from "~/modules/user-roles/bulk-assignment";
import type { OfferedRole } from "~/modules/user-roles/role-rules";
import { RESPOND_FIELD, RESPOND_WITH_DIALOG } from "~/write-path/action-outcome";
import { UnassignableList } from "./unassignable-list";

interface BulkRoleFieldsProps {
  /** The selected rows, posted again: users on User Roles, applications on Applications. */
  ids: readonly string[];
  users: readonly BulkUserView[];
  unassignable: readonly UnassignableUser[];
  assignable: readonly OfferedRole[];
  token: string;
  back: string;
  /** The dialog asks for data for its pop-up; the page for a redirect back to the grid. */
  respondWithDialog?: boolean;
  /** Without: Cancel is a link back to the grid. */
  onCancel?: () => void;
  busy?: boolean;
}

/** The inside of the Bulk Role(s) Assignment form: the selected users, the role checkboxes, Cancel and Save. */
export function BulkRoleFields({ ids, users, unassignable, assignable, token, back, respondWithDialog = false, onCancel, busy = false }: BulkRoleFieldsProps) {
  return (
    <Stack gap="md">
      {ids.map((id) => (
        <input key={id} type="hidden" name={BULK_FIELDS.ids} value={id} />
      ))}
      <input type="hidden" name={BULK_FIELDS.token} value={token} />
      <input type="hidden" name={BULK_FIELDS.back} value={back} />
      {respondWithDialog ? <input type="hidden" name={RESPOND_FIELD} value={RESPOND_WITH_DIALOG} /> : null}
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {`Selected users (${users.length})`}
        </Text>
        {/* A long selection scrolls: the list takes keyboard focus so keyboard users can scroll it (WCAG 2.1.1); long logins wrap. */}
        <List size="sm" spacing={0} mah={160} tabIndex={0} aria-label="Selected users" style={{ overflowY: "auto", overflowWrap: "anywhere" }}>
          {users.map((user) => (
            <List.Item key={user.id}>{user.name ? `${user.login} (${user.name})` : user.login}</List.Item>
          ))}
        </List>
      </Stack>
      <UnassignableList users={unassignable} />
      <Stack gap={4} role="group" aria-labelledby="bulk-roles-label">
        <Text size="sm" fw={600} id="bulk-roles-label">
          Roles
        </Text>
        <Text size="xs" c="gray.7">
          {assignable.every((role) => role.grantable)
            ? "These roles replace each selected user's roles; DIP_PORTAL is always kept."
            : "These roles replace each selected user's roles; DIP_PORTAL is always kept. Greyed roles need permissions you do not hold: you cannot give them, and a selected user who has one is left as they are (FAIL)."}
        </Text>
        <Group gap="md" mt={4}>
          {assignable.map((role) => {
            const fixed = role.code === BASE_ROLE;
            return (
              <Checkbox
                key={role.code}
                name={BULK_FIELDS.roles}
                value={role.code}
                label={role.label}
                defaultChecked={fixed}
                disabled={fixed || !role.grantable}
              />
            );
          })}
        </Group>
      </Stack>
      <FormButtons submitLabel="Save" back={back} onCancel={onCancel} busy={busy} />
    </Stack>
  );
}
