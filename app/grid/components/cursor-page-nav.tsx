import { Group } from "@mantine/core";
import { cursorHref, type GridLinks } from "~/grid/grid-links";
import type { CursorPaging } from "~/grid/grid-view";
import { PageLink } from "./page-link";

/** A cursor-paged grid's links: First, Previous, Next (no page numbers: a cursor cannot jump to page 7). */
export function CursorPageNav({ links, cursor }: { links: GridLinks; cursor: CursorPaging }) {
  const onFirstPage = links.state.cursor === undefined;
  return (
    <Group gap={4} component="nav" aria-label="Pages">
      <PageLink to={onFirstPage ? null : cursorHref(links, null)} label="First page">
        «
      </PageLink>
      <PageLink to={cursor.previous ? cursorHref(links, cursor.previous.cursor) : null} label="Previous page">
        ‹
      </PageLink>
      <PageLink to={cursor.next ? cursorHref(links, cursor.next) : null} label="Next page">
        ›
      </PageLink>
    </Group>
  );
}
