import { Anchor } from "@mantine/core";
import { GridLink } from "./grid-busy";

const ARROWS = { ascending: " ▲", descending: " ▼", none: "" } as const;

/** A sortable column's header: a link to the grid sorted by it (the other way round when it already is). */
export function SortHeader({ label, href, sort }: { label: string; href: string; sort: keyof typeof ARROWS }) {
  return (
    <Anchor component={GridLink} to={href} c="inherit" fw={700} underline="hover" className="portal-grid-sort">
      {label}
      <span aria-hidden>{ARROWS[sort]}</span>
    </Anchor>
  );
}
