import { Card, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface SettingsCardProps {
  titleId: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

export function SettingsCard({ titleId, title, description, children }: SettingsCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
