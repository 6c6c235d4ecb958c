import { Anchor } from "@mantine/core";
import { GridLink } from "./grid-busy";
import { SORT_ARROWS, type SortState } from "./grid-labels";
import { HeaderLabel } from "./header-label";

/**
 * A sortable column's header: a link to the grid sorted by it (the other way round when it already
 * is). `context` (a sub-column's group, e.g. 'Jul 2026 ') is read out but not shown.
 */
export function SortHeader({ label, href, sort, context }: { label: string; href: string; sort: SortState; context?: string }) {
  return (
    <Anchor component={GridLink} to={href} c="inherit" fw={700} underline="hover" className="portal-grid-sort">
      {context ? <span className="portal-visually-hidden">{context}</span> : null}
      <HeaderLabel label={label} />
      <span aria-hidden>{SORT_ARROWS[sort]}</span>
    </Anchor>
  );
}
