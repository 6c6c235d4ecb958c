import { Badge, Card, Group, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { AccountProfile } from "~/modules/account/account-profile";

const EMPTY = "Not Available";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={180}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** My Account: the profile and the roles of the signed-in user. */
export function ProfileCard({ profile }: { profile: AccountProfile }) {
  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <Title order={2} size="h4" mb="sm">
        Profile
      </Title>
      <Table>
        <Table.Tbody>
          <Row label="User Name">{profile.login}</Row>
          <Row label="First Name">{profile.firstName ?? EMPTY}</Row>
          <Row label="Last Name">{profile.lastName ?? EMPTY}</Row>
          <Row label="Email Address">{profile.email ?? EMPTY}</Row>
          <Row label="Company Id">{profile.companyId ?? EMPTY}</Row>
          <Row label="Provider">{profile.providerName ?? EMPTY}</Row>
          <Row label="Roles">
            {profile.roles.length > 0 ? (
              <Group gap="xs">
                {profile.roles.map((role) => (
                  <Badge key={role} variant="light">
                    {role}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text size="sm">{EMPTY}</Text>
            )}
          </Row>
        </Table.Tbody>
      </Table>
    </Card>
  );
}
