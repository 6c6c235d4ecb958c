import { Card, Table, Title } from "@mantine/core";
import type { ServiceBuild } from "~/modules/build-info/service-build";

const FIELDS = [
  ["Artifact", "artifact"],
  ["Group", "group"],
  ["Tag", "tag"],
  ["Version", "version"],
  ["Time", "time"],
] as const;

/** One backend service's build information. */
export function ServiceBuildCard({ build }: { build: ServiceBuild }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={build.service}>
      <Title order={2} size="h5" mb="xs">
        {build.service}
      </Title>
      <Table verticalSpacing={4}>
        <Table.Tbody>
          {FIELDS.map(([label, field]) => (
            <Table.Tr key={field}>
              <Table.Th scope="row" w={90}>
                {label}
              </Table.Th>
              <Table.Td>{build[field]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
