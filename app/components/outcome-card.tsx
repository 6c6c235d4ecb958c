import { Button, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";

/**
 * A finished bulk action's outcome on its page (a resend, a role assignment), for outcomes with more
 * lines than the pop-up's cookie can carry; OK goes back to the grid.
 */
export function OutcomeCard({ outcome, back }: { outcome: { title: string; message: string; lines: readonly string[] }; back: string }) {
  return (
    <Card withBorder radius="md" padding="lg" maw={720} role="region" aria-labelledby="outcome-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="outcome-title">
          {outcome.title}
        </Title>
        <Text>{outcome.message}</Text>
        <List size="sm" spacing={2}>
          {outcome.lines.map((line, index) => (
            <List.Item key={index}>{line}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button component={Link} to={back}>
            OK
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
