import { List, Stack, Text, Title } from "@mantine/core";
import type { HistoryEntry } from "~/modules/audit/history";

/** An admin record's History (DESIGN §6): who changed what and when, field by field, newest first. */
export function ChangeHistory({ entries, recordLabel }: { entries: readonly HistoryEntry[]; recordLabel: string }) {
  return (
    <Stack gap={4} component="section" aria-label={`History of ${recordLabel}`}>
      <Title order={3} size="h6">
        History
      </Title>
      {entries.length === 0 ? (
        <Text size="sm">No changes have been recorded.</Text>
      ) : (
        <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
          {entries.map((entry) => (
            <List.Item key={entry.id}>
              <Text size="sm" component="span" fw={600}>
                {entry.at} · {entry.actor}
              </Text>
              {entry.changes.length === 0 ? (
                <Text size="sm" component="span">
                  {" "}
                  saved without changes
                </Text>
              ) : (
                entry.changes.map((change) => (
                  <Text key={change.field} size="sm" style={{ overflowWrap: "anywhere" }}>
                    {change.field}: {change.before} → {change.after}
                  </Text>
                ))
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
