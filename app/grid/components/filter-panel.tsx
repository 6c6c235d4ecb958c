import { Button, Group, SimpleGrid, Stack } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { FilterOption } from "~/grid/definition";
import { optionsOfFilter } from "~/grid/grid-chips";
import { clearHref, type GridLinks } from "~/grid/grid-links";
import { queryFields } from "~/grid/query-parts";
import { FilterField } from "./filter-field";
import { GridLink, useGridBusy } from "./grid-busy";
import { HiddenFields } from "./hidden-fields";

interface FilterPanelProps {
  links: GridLinks;
  search: string;
  options: Readonly<Record<string, readonly FilterOption[]>>;
  locked: Readonly<Record<string, readonly string[]>>;
}

export const FILTER_FORM_LABEL = "Add Filter";

/** The Add Filter menu: a GET form of every filter, with Clear (the defaults) and Apply. */
export function FilterPanel({ links, search, options, locked }: FilterPanelProps) {
  const { definition, state } = links;
  const busy = useGridBusy();
  // The search box's filter is not in the menu: its value travels as a hidden field like the rest of the query.
  const menuFilters = definition.filters.filter((filter) => filter.id !== definition.searchFilter);
  const filterIds = new Set(menuFilters.map((filter) => filter.id));
  // Everything else in the query is kept, except the page (number or cursor), the expanded row and the open panel; a
  // locked filter travels as a hidden field because its disabled control is not submitted.
  const hidden = queryFields(
    search,
    (name) => (!filterIds.has(name) || name in locked) && name !== "page" && name !== "cursor" && name !== "expanded" && name !== "panel",
  );
  const short = menuFilters.filter((filter) => filter.kind.type !== "multiSelect");
  const lists = menuFilters.filter((filter) => filter.kind.type === "multiSelect" && !filter.kind.selectAll);
  const longLists = menuFilters.filter((filter) => filter.kind.type === "multiSelect" && filter.kind.selectAll);
  const field = (filter: (typeof menuFilters)[number]) => (
    <FilterField
      key={filter.id}
      filter={filter}
      values={state.filters[filter.id] ?? []}
      options={optionsOfFilter(filter, options)}
      locked={filter.id in locked}
    />
  );

  return (
    <Form
      method="get"
      action={definition.path}
      aria-label={FILTER_FORM_LABEL}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <HiddenFields fields={hidden} />
      {/*
        The form's default button, which Enter in a field presses (the first submit button in the
        form): Apply's twin, so that without JavaScript Enter applies the filters rather than a
        long list's Select all (a submit button there). Apply itself is the one to see and tab to.
      */}
      <button type="submit" className="portal-visually-hidden" tabIndex={-1} aria-hidden="true" disabled={busy} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing={6}>
          {short.map(field)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {lists.map(field)}
        </SimpleGrid>
        {longLists.map(field)}
        {/* Kept in view at the bottom of a panel taller than the window (grid.css). */}
        <Group justify="flex-end" gap="xs" className="portal-grid-panel-actions">
          <Button component={GridLink} to={clearHref(definition)} variant="default" size="sm">
            Clear
          </Button>
          <Button type="submit" size="sm" disabled={busy}>
            Apply
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
