import { Button, Group, Text } from "@mantine/core";
import { pageHref, sizeHref, type GridLinks } from "~/grid/grid-links";
import { GridLink } from "./grid-busy";

/** Page numbers shown around the current page. */
const WINDOW = 2;

function pageNumbers(page: number, last: number): number[] {
  const pages = new Set<number>([1, last]);
  for (let candidate = page - WINDOW; candidate <= page + WINDOW; candidate++) {
    if (candidate >= 1 && candidate <= last) pages.add(candidate);
  }
  return [...pages].sort((a, b) => a - b);
}

function PageLink({ to, label, children, current = false }: { to: string | null; label: string; children: string; current?: boolean }) {
  if (to === null || current) {
    return (
      <Button size="compact-sm" variant={current ? "filled" : "default"} disabled={!current} aria-label={label} aria-current={current ? "page" : undefined} component="span">
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

/** Rows per page and page links: plain links, so paging works without JavaScript. */
export function GridPagination({ links, total }: { links: GridLinks; total: number }) {
  const { state, definition } = links;
  const last = Math.max(1, Math.ceil(total / state.size));
  const first = total === 0 ? 0 : (state.page - 1) * state.size + 1;
  const end = Math.min(total, state.page * state.size);
  const numbers = pageNumbers(state.page, last);
  return (
    <Group justify="space-between" p="xs" gap="sm">
      <Group gap={6} component="nav" aria-label="Rows per page">
        <Text size="sm">Rows per page:</Text>
        {definition.pageSizes.map((size) =>
          size === state.size ? (
            <Button key={size} size="compact-sm" component="span" aria-current="true" aria-label={`${size} rows per page`}>
              {String(size)}
            </Button>
          ) : (
            <Button key={size} size="compact-sm" variant="default" component={GridLink} to={sizeHref(links, size)} aria-label={`${size} rows per page`}>
              {String(size)}
            </Button>
          ),
        )}
      </Group>
      <Text size="sm" aria-live="polite">
        {first}–{end} of {total}
      </Text>
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
