import { Button, Paper, Popover } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

interface GridDisclosureProps {
  label: string;
  /** The panel; `close` closes the popover (it does nothing without JavaScript). */
  children: (close: () => void) => ReactNode;
  width?: number;
}

const noop = () => undefined;

/**
 * A toolbar panel: a <details> disclosure without JavaScript (so its GET form works), a Mantine
 * popover once hydrated. The first client render is the server's, so hydration matches.
 */
export function GridDisclosure({ label, children, width = 420 }: GridDisclosureProps) {
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(false);
  if (!hydrated) {
    return (
      <details className="portal-grid-disclosure">
        <summary className="portal-grid-summary">{label}</summary>
        <Paper className="portal-grid-panel" shadow="md" withBorder p="sm" w={width}>
          {children(noop)}
        </Paper>
      </details>
    );
  }
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" width={width} trapFocus>
      <Popover.Target>
        <Button variant="light" size="sm" onClick={() => setOpened((open) => !open)}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>{children(() => setOpened(false))}</Popover.Dropdown>
    </Popover>
  );
}
