import { Button, Group, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { GridFilter } from "~/grid/definition";
import type { GridLinks } from "~/grid/grid-links";
import { queryFields } from "~/grid/query-parts";
import { useGridBusy } from "./grid-busy";
import { HiddenFields } from "./hidden-fields";

/** Parameters a new search drops: it starts on the first page with no row open and no panel. */
const DROPPED = ["page", "cursor", "expanded", "panel"];

/**
 * The grid's search box (GridDefinition.searchFilter): a GET form of its own text filter that keeps
 * the rest of the query, so it works without JavaScript; the server trims and checks the value.
 * Keyed by the applied value, so removing its chip empties the box after a client navigation too.
 */
export function GridSearchForm({ links, search, filter }: { links: GridLinks; search: string; filter: GridFilter }) {
  const busy = useGridBusy();
  const applied = links.state.filters[filter.id]?.[0] ?? "";
  const hidden = queryFields(search, (name) => name !== filter.id && !DROPPED.includes(name));
  const maxLength = filter.kind.type === "text" ? filter.kind.maxLength : undefined;
  return (
    <Form
      key={applied}
      method="get"
      action={links.definition.path}
      role="search"
      aria-label={filter.label}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <HiddenFields fields={hidden} />
      <Group gap={6} wrap="nowrap">
        <TextInput
          type="search"
          name={filter.id}
          aria-label={filter.label}
          defaultValue={applied}
          placeholder={filter.placeholder}
          maxLength={maxLength}
          autoComplete="off"
          size="sm"
          w={{ base: 220, sm: 280 }}
        />
        <Button type="submit" size="sm" variant="light" disabled={busy}>
          {filter.label}
        </Button>
      </Group>
    </Form>
  );
}
