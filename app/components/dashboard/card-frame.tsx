import { Card, Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { NO_DATA } from "~/modules/dashboard/kpi-cards";

/** A card's help: a disclosure titled 'Additional Info.' that works without JavaScript. */
function CardHelp({ title, help }: { title: string; help: string }) {
  return (
    <details className="dashboard-help">
      <summary aria-label={`Additional Info. about ${title}`}>?</summary>
      <div role="note" className="dashboard-help-text">
        <Text fw={700} size="sm">
          Additional Info.
        </Text>
        <Text size="sm">{help}</Text>
      </div>
    </details>
  );
}

/** A dashboard card: its title, help, and either its figures or 'NO DATA AVAILABLE'. */
export function CardFrame({ id, title, help, empty, children }: { id: string; title: string; help: string; empty: boolean; children: ReactNode }) {
  const headingId = `card-${id}`;
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={headingId} className="dashboard-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={2} size="h5" id={headingId}>
          {title}
        </Title>
        <CardHelp title={title} help={help} />
      </Group>
      {empty ? (
        <Text c="dimmed" fw={700} ta="center" py="lg">
          {NO_DATA}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}
