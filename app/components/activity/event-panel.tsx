import { Anchor, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { LabelledField } from "~/components/value-item";
import type { ActivityEventDetail } from "~/modules/activity/event-detail";

/** An expanded Activity row: the event's fields, its reason, its change field by field, and its record's own row. */
export function EventPanel({ detail }: { detail: ActivityEventDetail }) {
  const label = `event ${detail.id}`;
  return (
    <Stack gap="sm" role="region" aria-label={`Details of ${label}`}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing={6} component="dl" m={0}>
        <LabelledField label="When" value={detail.at} />
        <LabelledField label="Who" value={detail.actor} />
        <LabelledField label="Action" value={detail.action} />
        <LabelledField label="Outcome" value={detail.outcome} />
        <LabelledField label="Record" value={detail.entity} />
        <LabelledField label="Record Id" value={detail.entityId ?? ""} />
        <LabelledField label="Event Id" value={String(detail.id)} />
        <LabelledField label="Request Id" value={detail.requestId ?? ""} />
        {detail.facts.map((fact) => (
          <LabelledField key={fact.label} label={fact.label} value={fact.value} />
        ))}
      </SimpleGrid>
      {detail.note ? (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          <Text span fw={600} size="sm">
            Reason:{" "}
          </Text>
          {detail.note}
        </Text>
      ) : null}
      {detail.note !== null ? (
        // A refused write or a sign-in: its reason says what happened; it changed nothing.
        <Text size="sm">Nothing was changed.</Text>
      ) : (
        <Stack gap={4} component="section" aria-label={`Change of ${label}`}>
          <Title order={3} size="h6">
            Change
          </Title>
          {detail.changes.length === 0 ? (
            <Text size="sm">No field changed.</Text>
          ) : (
            <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
              {detail.changes.map((change) => (
                <List.Item key={change.field} style={{ overflowWrap: "anywhere" }}>
                  <Text span fw={600} size="sm">
                    {change.field}:
                  </Text>{" "}
                  {change.before} → {change.after}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
      {detail.link ? (
        <Anchor component={Link} to={detail.link.href} size="sm">
          {detail.link.label}
        </Anchor>
      ) : null}
    </Stack>
  );
}
