import type { FilterOption, GridDefinition, GridFilter } from "./definition";
import { withoutFilterHref, type GridLinks } from "./grid-links";

/** A removable filter chip: a link that drops its value (none for a locked filter). */
export interface GridChip {
  key: string;
  label: string;
  value: string;
  removeHref: string | null;
}

/** Beyond this many values a multi-select shows one chip that removes them all. */
export const MAX_CHIPS_PER_FILTER = 3;

export function optionsOfFilter(filter: GridFilter, runTime: Readonly<Record<string, readonly FilterOption[]>>): readonly FilterOption[] {
  if (filter.kind.type === "text") return [];
  return runTime[filter.id] ?? filter.kind.options ?? [];
}

function labelOf(options: readonly FilterOption[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

export function filterChips(
  links: GridLinks,
  options: Readonly<Record<string, readonly FilterOption[]>>,
  locked: Readonly<Record<string, readonly string[]>>,
): GridChip[] {
  const definition: GridDefinition = links.definition;
  const chips: GridChip[] = [];
  for (const filter of definition.filters) {
    const values = links.state.filters[filter.id] ?? [];
    if (values.length === 0) continue;
    const fixed = filter.id in locked;
    const choices = optionsOfFilter(filter, options);
    if (values.length > MAX_CHIPS_PER_FILTER) {
      chips.push({
        key: filter.id,
        label: filter.label,
        value: `${values.length} selected`,
        removeHref: fixed ? null : withoutFilterHref(links, filter.id, null),
      });
      continue;
    }
    for (const value of values) {
      chips.push({
        key: `${filter.id}=${value}`,
        label: filter.label,
        value: labelOf(choices, value),
        removeHref: fixed ? null : withoutFilterHref(links, filter.id, value),
      });
    }
  }
  return chips;
}
