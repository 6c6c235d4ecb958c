import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";

interface AreaCardProps {
  title: string;
  description: string;
  to: string;
}

export function AreaCard({ title, description, to }: AreaCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Button component={Link} to={to} variant="light" aria-label={`Open ${title}`}>
          Open
        </Button>
      </Stack>
    </Card>
  );
}
