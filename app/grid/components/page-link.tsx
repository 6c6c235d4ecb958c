import { Button } from "@mantine/core";
import { GridLink } from "./grid-busy";

/** A paging link: a button-styled link, a disabled mark where there is nowhere to go, or the current page. */
export function PageLink({ to, label, children, current = false }: { to: string | null; label: string; children: string; current?: boolean }) {
  if (to === null || current) {
    return (
      <Button
        size="compact-sm"
        variant={current ? "filled" : "default"}
        disabled={!current}
        aria-label={label}
        aria-current={current ? "page" : undefined}
        component="span"
      >
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
