import { Alert, Text } from "@mantine/core";

/** A form's or an action's error lines in one red alert above it; nothing when there are none. */
export function ErrorLinesAlert({ title, lines }: { title: string; lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert color="red" title={title} role="alert">
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Alert>
  );
}
