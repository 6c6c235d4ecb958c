import { Group, Loader, Paper, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { RESENDING_SPINNER_TEXT, SPINNER_LIMIT_MS } from "~/modules/resend/vocabulary";

/** The spinner while a resend runs: shown from the start, hidden when it ends or after 5 s at most. */
export function ResendSpinner({ running }: { running: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!running) {
      setShown(false);
      return;
    }
    setShown(true);
    const timer = window.setTimeout(() => setShown(false), SPINNER_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [running]);
  if (!shown) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="md"
      radius="md"
      p="md"
      withBorder
      style={{ position: "fixed", bottom: 24, left: "50%", transform: "translateX(-50%)", zIndex: 400 }}
    >
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" />
        <Text size="sm">{RESENDING_SPINNER_TEXT}</Text>
      </Group>
    </Paper>
  );
}
