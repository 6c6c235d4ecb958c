import { Button, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ResendOutcome } from "~/modules/resend/outcome";

/**
 * A finished resend's outcome on the resend page, for outcomes with more lines than the pop-up's
 * cookie can carry; OK goes back to the grid.
 */
export function ResendResultCard({ outcome, back }: { outcome: ResendOutcome; back: string }) {
  return (
    <Card withBorder radius="md" padding="lg" maw={720} role="region" aria-labelledby="resend-result-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="resend-result-title">
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
