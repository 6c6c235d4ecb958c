import { Anchor } from "@mantine/core";
import { GridLink } from "./grid-busy";
import { SORT_ARROWS, type SortState } from "./grid-labels";


/** A sortable column's header: a link to the grid sorted by it (the other way round when it already is). */
export function SortHeader({ label, href, sort }: { label: string; href: string; sort: SortState }) {
  return (
    <Anchor component={GridLink} to={href} c="inherit" fw={700} underline="hover" className="portal-grid-sort">
      {label}
      <span aria-hidden>{SORT_ARROWS[sort]}</span>
    </Anchor>
  );
}
