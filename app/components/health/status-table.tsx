import { Badge, Card, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { formatDuration } from "~/lib/duration";

export interface StatusView {
  database: "UP" | "DOWN";
  identityProvider: "UP" | "DOWN";
  version: string;
  uptimeSeconds: number;
  checkedAt: string;
}

function State({ state }: { state: "UP" | "DOWN" }) {
  return (
    <Badge color={state === "UP" ? "green" : "red"} variant="light">
      {state}
    </Badge>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={200}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

export function StatusTable({ status }: { status: StatusView }) {
  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <Table>
        <Table.Tbody>
          <Row label="Database">
            <State state={status.database} />
          </Row>
          <Row label="Identity provider">
            <State state={status.identityProvider} />
          </Row>
          <Row label="Version">{status.version}</Row>
          <Row label="Uptime">{formatDuration(status.uptimeSeconds * 1000)}</Row>
          <Row label="Checked at">{status.checkedAt}</Row>
        </Table.Tbody>
      </Table>
    </Card>
  );
}
