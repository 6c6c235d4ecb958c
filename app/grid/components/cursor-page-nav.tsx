import { Button, Group } from "@mantine/core";
import { cursorHref, type GridLinks } from "~/grid/grid-links";
import type { CursorPaging } from "~/grid/grid-view";
import { GridLink } from "./grid-busy";

function StepLink({ to, label, children }: { to: string | null; label: string; children: string }) {
  if (to === null) {
    return (
      <Button size="compact-sm" variant="default" disabled aria-label={label} component="span">
        {children}
      </Button>
    );
  }
  return (
    <Button size="compact-sm" variant="default" component={GridLink} to={to} aria-label={label}>
      {children}
    </Button>
  );
}

/** A cursor-paged grid's links: First, Previous, Next (no page numbers: a cursor cannot jump to page 7). */
export function CursorPageNav({ links, cursor }: { links: GridLinks; cursor: CursorPaging }) {
  const onFirstPage = links.state.cursor === undefined;
  return (
    <Group gap={4} component="nav" aria-label="Pages">
      <StepLink to={onFirstPage ? null : cursorHref(links, null)} label="First page">
        «
      </StepLink>
      <StepLink to={cursor.previous ? cursorHref(links, cursor.previous.cursor) : null} label="Previous page">
        ‹
      </StepLink>
      <StepLink to={cursor.next ? cursorHref(links, cursor.next) : null} label="Next page">
        ›
      </StepLink>
    </Group>
  );
}
