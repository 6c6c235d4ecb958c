import { Alert, Text } from "@mantine/core";

/**
 * A form's or an action's error lines in one red alert above it; nothing when there are none. Its
 * tint is opaque: Mantine's light red is half transparent, and over a hovered or selected grid row
 * its red title fell below 4.5:1 (red-9 on red-0 is 5.4:1 whatever lies beneath).
 */
export function ErrorLinesAlert({ title, lines }: { title: string; lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert color="red" bg="red.0" title={title} role="alert">
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Alert>
  );
}
