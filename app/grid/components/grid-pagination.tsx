import { Button, Group, Text } from "@mantine/core";
import { pageSizeLabel } from "~/grid/definition";
import { pageHref, sizeHref, type GridLinks } from "~/grid/grid-links";
import type { CursorPaging } from "~/grid/grid-view";
import { exactCount } from "~/lib/number-format";
import { CursorPageNav } from "./cursor-page-nav";
import { GridLink } from "./grid-busy";
import { PageLink } from "./page-link";

/** Page numbers shown around the current page. */
const WINDOW = 2;

function pageNumbers(page: number, last: number): number[] {
  const pages = new Set<number>([1, last]);
  for (let candidate = page - WINDOW; candidate <= page + WINDOW; candidate++) {
    if (candidate >= 1 && candidate <= last) pages.add(candidate);
  }
  return [...pages].sort((a, b) => a - b);
}

function RowsPerPage({ links }: { links: GridLinks }) {
  const { state, definition } = links;
  return (
    <Group gap={6} component="nav" aria-label="Rows per page">
      <Text size="sm">Rows per page:</Text>
      {definition.pageSizes.map((size) =>
        size === state.size ? (
          <Button key={size} size="compact-sm" component="span" aria-current="true" aria-label={`${pageSizeLabel(size)} rows per page`}>
            {pageSizeLabel(size)}
          </Button>
        ) : (
          <Button
            key={size}
            size="compact-sm"
            variant="default"
            component={GridLink}
            to={sizeHref(links, size)}
            aria-label={`${pageSizeLabel(size)} rows per page`}
          >
            {pageSizeLabel(size)}
          </Button>
        ),
      )}
    </Group>
  );
}

function RowRange({ first, end, total }: { first: number; end: number; total: number }) {
  return (
    <Text size="sm" aria-live="polite">
      {exactCount(first)}–{exactCount(end)} of {exactCount(total)}
    </Text>
  );
}

interface GridPaginationProps {
  links: GridLinks;
  /** Null when a cursor-paged source does not count its rows: no range is shown then. */
  total: number | null;
  /** Cursor paging: First, Previous and Next instead of page numbers. */
  cursor?: CursorPaging;
  /** Rows on this page (cursor paging counts from the cursor's position). */
  rowCount?: number;
}

/** Rows per page and page links: plain links, so paging works without JavaScript. */
export function GridPagination({ links, total, cursor, rowCount = 0 }: GridPaginationProps) {
  const { state } = links;
  if (cursor) {
    return (
      <Group justify="space-between" p="xs" gap="sm">
        <RowsPerPage links={links} />
        {total !== null ? <RowRange first={rowCount === 0 ? 0 : cursor.start + 1} end={cursor.start + rowCount} total={total} /> : null}
        <CursorPageNav links={links} cursor={cursor} />
      </Group>
    );
  }
  const count = total ?? 0;
  const last = Math.max(1, Math.ceil(count / state.size));
  const first = count === 0 ? 0 : (state.page - 1) * state.size + 1;
  const end = Math.min(count, state.page * state.size);
  const numbers = pageNumbers(state.page, last);
  return (
    <Group justify="space-between" p="xs" gap="sm">
      <RowsPerPage links={links} />
      <RowRange first={first} end={end} total={count} />
      <Group gap={4} component="nav" aria-label="Pages">
        <PageLink to={state.page > 1 ? pageHref(links, state.page - 1) : null} label="Previous page">
          ‹
        </PageLink>
        {numbers.map((number, index) => (
          <Group key={number} gap={4}>
            {index > 0 && number - numbers[index - 1] > 1 ? (
              <Text size="sm" aria-hidden>
                …
              </Text>
            ) : null}
            <PageLink to={pageHref(links, number)} label={`Page ${number}`} current={number === state.page}>
              {String(number)}
            </PageLink>
          </Group>
        ))}
        <PageLink to={state.page < last ? pageHref(links, state.page + 1) : null} label="Next page">
          ›
        </PageLink>
      </Group>
    </Group>
  );
}
