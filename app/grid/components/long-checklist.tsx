import { Button, Fieldset, Group, TextInput } from "@mantine/core";
import { useRef, useState } from "react";
import type { FilterOption, GridFilter } from "~/grid/definition";
import { FORM_PARAMS } from "~/grid/form-params";
import { useHydrated } from "~/lib/use-hydrated";

interface LongChecklistProps {
  filter: GridFilter;
  values: readonly string[];
  options: readonly FilterOption[];
  withBulkButtons: boolean;
  /** A filter fixed for this user (a provider-only user's provider): shown, not editable. */
  locked?: boolean;
}

/**
 * A multi-select over a long list (shops): native checkboxes in a scrolling box, light enough for
 * hundreds of options. Without JavaScript, Select all and Unselect all are submit buttons the
 * loader reads (selectAll / unselectAll = the filter id); with JavaScript they tick and untick
 * the boxes here, a search box narrows the list, and 'Clear shops' (named apart from the form's own
 * Clear) empties both.
 */
export function LongChecklist({ filter, values, options, withBulkButtons, locked = false }: LongChecklistProps) {
  const hydrated = useHydrated();
  const listRef = useRef<HTMLDivElement>(null);
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();

  const setAll = (checked: boolean, onlyShown: boolean) => {
    const boxes = listRef.current?.querySelectorAll<HTMLInputElement>(`input[name="${filter.id}"]`) ?? [];
    for (const box of boxes) {
      if (!onlyShown || !box.closest("label")?.hidden) box.checked = checked;
    }
  };

  const bulkButton = (label: string, param: string, onClick: () => void) =>
    hydrated ? (
      <Button type="button" size="compact-xs" variant="subtle" onClick={onClick}>
        {label}
      </Button>
    ) : (
      <Button type="submit" name={param} value={filter.id} size="compact-xs" variant="subtle">
        {label}
      </Button>
    );

  return (
    <Fieldset legend={filter.label} variant="unstyled" p={0} className="portal-grid-long-list" disabled={locked}>
      {withBulkButtons ? (
        <Group gap={4} mb={4}>
          {bulkButton("Select all", FORM_PARAMS.selectAll, () => setAll(true, true))}
          {bulkButton("Unselect all", FORM_PARAMS.unselectAll, () => setAll(false, true))}
          {bulkButton(`Clear ${filter.label.toLowerCase()}`, FORM_PARAMS.unselectAll, () => {
            setSearch("");
            setAll(false, false);
          })}
        </Group>
      ) : null}
      {hydrated ? (
        <TextInput
          size="xs"
          mb={4}
          aria-label={`Search ${filter.label}`}
          placeholder="Search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      ) : null}
      <div ref={listRef} className="portal-grid-checklist">
        {options.map((option) => (
          <label key={option.value} hidden={needle !== "" && !option.label.toLowerCase().includes(needle)}>
            <input type="checkbox" name={filter.id} value={option.value} defaultChecked={values.includes(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
    </Fieldset>
  );
}
