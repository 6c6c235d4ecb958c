import { Button, Paper, Popover } from "@mantine/core";
import { useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useGridBusy } from "./grid-busy";

interface GridDisclosureProps {
  label: string;
  /** Whether the URL has this panel open (`panel=...`). */
  open: boolean;
  /** This page with the panel open, and with it closed. */
  openHref: string;
  closeHref: string;
  children: ReactNode;
  width?: number;
}

/**
 * A toolbar panel whose open state is part of the URL, so its form is rendered only on the page
 * that shows it. Without JavaScript the label is a link that opens (or closes) it; once hydrated
 * it is a button and a Mantine popover, opened and closed through the same URLs.
 */
export function GridDisclosure({ label, open, openHref, closeHref, children, width = 420 }: GridDisclosureProps) {
  const hydrated = useHydrated();
  const busy = useGridBusy();
  const navigate = useNavigate();
  if (!hydrated) {
    return (
      <div className="portal-grid-disclosure">
        <a href={open ? closeHref : openHref} className="portal-grid-summary" aria-expanded={open}>
          {label}
        </a>
        {open ? (
          <Paper className="portal-grid-panel" shadow="md" withBorder p="sm" w={width}>
            {children}
          </Paper>
        ) : null}
      </div>
    );
  }
  const go = (href: string) => {
    if (!busy) navigate(href, { preventScrollReset: true, replace: true });
  };
  return (
    <Popover
      opened={open}
      onChange={(opened) => {
        if (!opened) go(closeHref);
      }}
      position="bottom-start"
      shadow="md"
      width={width}
      trapFocus
    >
      <Popover.Target>
        <Button variant="light" size="sm" aria-expanded={open} onClick={() => go(open ? closeHref : openHref)}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown className="portal-grid-popover">{children}</Popover.Dropdown>
    </Popover>
  );
}
