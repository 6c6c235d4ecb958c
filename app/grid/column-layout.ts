import type { ColumnWidth, DateStyle, GridColumn, GridColumnGroup, GridDefinition, GridState } from "./definition";

/**
 * The columns a grid shows for a state. A flat grid shows its chosen columns; a grid with column
 * groups (GridDefinition.columnGroups) shows its chosen row fields, then every chosen measure under
 * each group its own parameters select, as `<group id>.<measure id>` (e.g. `2026-07.roCount`).
 * The plain table, mantine-react-table, the CSV and the URL parser all read the layout from here.
 */
export interface ShownColumn {
  /** The cell key in `GridRow.cells`, `data-column`, and the `sort` value. */
  id: string;
  label: string;
  /** Names the column on its own, e.g. 'Jul 2026 RO Count' (one-row CSV headers, sort link names). */
  fullLabel: string;
  sortable: boolean;
  group: GridColumnGroup | null;
  width: ColumnWidth;
  align: "start" | "end";
  /** How a date cell writes its date; numeric when not given. */
  dateStyle?: DateStyle;
  /** The first sub-column of its group (it draws the line between two groups). */
  groupStart?: boolean;
}

/**
 * A run of columns under one top header: a group, or (group null) the row fields, under the
 * grid's `fieldsLabel` when it has one, else with their headers spanning both rows.
 */
export interface HeaderBand {
  group: GridColumnGroup | null;
  /** The top header's words: the group's label, the row fields' `fieldsLabel`, or null (no top header). */
  label: string | null;
  columns: ShownColumn[];
}

export interface ColumnLayout {
  columns: ShownColumn[];
  /** The top header row; empty when there is only one header row (no group shown). */
  bands: HeaderBand[];
}

const GROUP_ID = /^[A-Za-z0-9_-]{1,40}$/;

export function derivedColumnId(groupId: string, measureId: string): string {
  return `${groupId}.${measureId}`;
}

/** The group and measure a derived column id names (whether or not the group is shown); null for any other id. */
export function splitDerivedId(definition: GridDefinition, id: string): { groupId: string; measureId: string } | null {
  const measures = definition.columnGroups?.measures;
  const at = id.lastIndexOf(".");
  if (!measures || at <= 0) return null;
  const groupId = id.slice(0, at);
  const measureId = id.slice(at + 1);
  return GROUP_ID.test(groupId) && measures.includes(measureId) ? { groupId, measureId } : null;
}

/** The grid's own parameters with their defaults filled in (the state keeps only values that differ). */
export function paramsWithDefaults(definition: GridDefinition, params: Readonly<Record<string, string>>): Record<string, string> {
  const all: Record<string, string> = {};
  for (const param of definition.params ?? []) {
    const value = params[param.id] ?? param.defaultValue;
    if (value !== undefined) all[param.id] = value;
  }
  return all;
}

/** The groups the state's parameters select; none for a grid without column groups. */
export function shownGroups(definition: GridDefinition, params: Readonly<Record<string, string>>, today: string): readonly GridColumnGroup[] {
  const spec = definition.columnGroups;
  if (!spec) return [];
  const groups = spec.groupsFor({ params: paramsWithDefaults(definition, params), today });
  const invalid = groups.find((group) => !GROUP_ID.test(group.id));
  if (invalid) throw new Error(`Column group id "${invalid.id}" of grid ${definition.id} is not URL-safe`);
  return groups;
}

function isMeasure(definition: GridDefinition, columnId: string): boolean {
  return definition.columnGroups?.measures.includes(columnId) ?? false;
}

function presentation(column: GridColumn): Pick<ShownColumn, "width" | "align" | "dateStyle"> {
  const shown: Pick<ShownColumn, "width" | "align"> = { width: column.width ?? "medium", align: column.align ?? "start" };
  return column.dateStyle ? { ...shown, dateStyle: column.dateStyle } : shown;
}

function rowField(column: GridColumn): ShownColumn {
  return { id: column.id, label: column.label, fullLabel: column.label, sortable: column.sortable, group: null, ...presentation(column) };
}

export function columnLayout(definition: GridDefinition, state: Pick<GridState, "cols" | "params">, today: string): ColumnLayout {
  const chosen = state.cols.flatMap((id) => definition.columns.filter((column) => column.id === id));
  if (!definition.columnGroups) return { columns: chosen.map(rowField), bands: [] };
  const fields = chosen.filter((column) => !isMeasure(definition, column.id)).map(rowField);
  const measures = chosen.filter((column) => isMeasure(definition, column.id));
  const groups = measures.length > 0 ? shownGroups(definition, state.params, today) : [];
  const bands: HeaderBand[] = groups.map((group) => ({
    group,
    label: group.label,
    columns: measures.map((measure, index) => ({
      id: derivedColumnId(group.id, measure.id),
      ...(index === 0 ? { groupStart: true } : {}),
      label: measure.label,
      fullLabel: `${group.label} ${measure.label}`,
      sortable: measure.sortable,
      group,
      ...presentation(measure),
    })),
  }));
  const columns = [...fields, ...bands.flatMap((band) => band.columns)];
  if (bands.length === 0) return { columns, bands: [] };
  const fieldsBand: HeaderBand = { group: null, label: definition.columnGroups.fieldsLabel ?? null, columns: fields };
  return { columns, bands: fields.length > 0 ? [fieldsBand, ...bands] : bands };
}

/** Whether the grid can be sorted by a column id: a sortable row field, or a sortable measure under a shown group. */
export function canSortBy(definition: GridDefinition, params: Readonly<Record<string, string>>, today: string, id: string): boolean {
  const derived = splitDerivedId(definition, id);
  if (derived) {
    const measure = definition.columns.find((column) => column.id === derived.measureId);
    return Boolean(measure?.sortable) && shownGroups(definition, params, today).some((group) => group.id === derived.groupId);
  }
  const column = definition.columns.find((candidate) => candidate.id === id);
  return Boolean(column?.sortable) && !isMeasure(definition, id);
}
