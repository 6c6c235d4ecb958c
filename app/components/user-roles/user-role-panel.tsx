import { Button, Checkbox, Divider, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Fragment } from "react";
import { BASE_ROLE } from "~/auth/authorization";
import { ChangeHistory } from "~/components/admin/change-history";
import { ErrorLinesAlert } from "~/components/error-lines-alert";
import { LabelledField } from "~/components/value-item";
import type { DetailActionContext } from "~/grid/components/data-grid";
import { GridActionForm } from "~/grid/components/grid-action-forms";
import { ROLES_FIELD, SAVE_ROLES_INTENT, VERSION_FIELD, type UserRoleDetail } from "~/modules/user-roles/user-detail";

function refusalLines(context: DetailActionContext): string[] {
  const errors = context.lastIntent === SAVE_ROLES_INTENT ? context.lastResult?.error : undefined;
  return errors ? Object.values(errors).flatMap((lines) => lines ?? []) : [];
}

/**
 * A User Roles row expanded (platform spec §2): the user's details, their roles as checkboxes
 * (editable only with changingRoleData, which the server checks again), and the History.
 * DIP_PORTAL is always kept, so its box is ticked and fixed; a role the signed-in user may not give
 * or take away is greyed and posted as it stands (the server refuses any change to it).
 */
export function UserRolePanel({ detail, context }: { detail: UserRoleDetail; context: DetailActionContext }) {
  const editable = context.allowed.includes(SAVE_ROLES_INTENT);
  const refusals = refusalLines(context);
  return (
    <Stack gap="sm" role="region" aria-label={`Details of user ${detail.login}`}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="dl" m={0}>
        <LabelledField label="User Name" value={detail.login} />
        <LabelledField label="First Name" value={detail.firstName} />
        <LabelledField label="Last Name" value={detail.lastName} />
        <LabelledField label="Email Address" value={detail.email} />
        <LabelledField label="Parent" value={detail.parent} />
        <LabelledField label="Status" value={detail.status} />
        <LabelledField label="Created" value={detail.created} />
        <LabelledField label="Last Updated Date" value={detail.lastUpdated} />
      </SimpleGrid>
      <Divider />
      <GridActionForm key={detail.version} intent={SAVE_ROLES_INTENT} row={detail.id} returnTo={context.returnTo} label={`Roles of ${detail.login}`}>
        <input type="hidden" name={VERSION_FIELD} value={detail.version} />
        <Stack gap="xs">
          <Title order={3} size="h6">
            Roles
          </Title>
          <ErrorLinesAlert title="Error" lines={refusals} />
          <Group gap="md">
            {detail.assignable.map((role) => {
              const fixed = role.code === BASE_ROLE;
              const held = detail.roles.includes(role.code);
              const kept = editable && !fixed && !role.grantable && held;
              return (
                <Fragment key={role.code}>
                  <Checkbox
                    name={ROLES_FIELD}
                    value={role.code}
                    label={role.label}
                    defaultChecked={fixed || held}
                    disabled={!editable || fixed || !role.grantable}
                  />
                  {kept ? <input type="hidden" name={ROLES_FIELD} value={role.code} /> : null}
                </Fragment>
              );
            })}
          </Group>
          {editable ? (
            <Group>
              <Button type="submit" size="sm">
                Save
              </Button>
              <Text size="xs" c="gray.7">
                {detail.assignable.every((role) => role.grantable)
                  ? "DIP_PORTAL is always kept."
                  : "DIP_PORTAL is always kept. Greyed roles need permissions you do not hold: they stay as they are."}
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              Roles are read-only: changing them needs the changingRoleData permission.
            </Text>
          )}
        </Stack>
      </GridActionForm>
      <Divider />
      <ChangeHistory entries={detail.history} recordLabel={detail.login} />
    </Stack>
  );
}
