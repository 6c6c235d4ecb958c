import type { FilterOption, GridDefinition } from "./definition";

/**
 * What the grid's no-JavaScript forms send besides the grid's own parameters: the column chooser's
 * checkboxes repeat `cols`, the multi-select buttons name the filter they fill or empty (and keep
 * the Add Filter menu open, to show the boxes they ticked), and the Clear button asks for the defaults. The loader reads them once, then redirects to the canonical URL.
 */
export const FORM_PARAMS = {
  clear: "clear",
  selectAll: "selectAll",
  unselectAll: "unselectAll",
} as const;

export interface FormParams {
  /** The grid's own parameters, with the form-only ones applied and removed. */
  params: URLSearchParams;
  clear: boolean;
}

function isMultiSelect(definition: GridDefinition, filterId: string): boolean {
  return definition.filters.some((filter) => filter.id === filterId && filter.kind.type === "multiSelect");
}

function optionsOf(definition: GridDefinition, filterId: string, options: Readonly<Record<string, readonly FilterOption[]>>): readonly FilterOption[] {
  const filter = definition.filters.find((candidate) => candidate.id === filterId);
  if (!filter || filter.kind.type === "text") return [];
  return options[filterId] ?? filter.kind.options ?? [];
}

export function readFormParams(
  definition: GridDefinition,
  incoming: URLSearchParams,
  options: Readonly<Record<string, readonly FilterOption[]>> = {},
): FormParams {
  const params = new URLSearchParams(incoming);
  const clear = params.has(FORM_PARAMS.clear);
  params.delete(FORM_PARAMS.clear);

  const columns = params.getAll("cols");
  if (columns.length > 1) params.set("cols", columns.join(","));

  for (const filterId of params.getAll(FORM_PARAMS.unselectAll)) {
    if (isMultiSelect(definition, filterId)) params.delete(filterId);
  }
  for (const filterId of params.getAll(FORM_PARAMS.selectAll)) {
    if (!isMultiSelect(definition, filterId)) continue;
    const all = optionsOf(definition, filterId, options);
    if (all.length === 0) continue;
    params.delete(filterId);
    for (const option of all) params.append(filterId, option.value);
  }
  if (params.has(FORM_PARAMS.selectAll) || params.has(FORM_PARAMS.unselectAll)) params.set("panel", "filters");
  params.delete(FORM_PARAMS.selectAll);
  params.delete(FORM_PARAMS.unselectAll);
  return { params, clear };
}
