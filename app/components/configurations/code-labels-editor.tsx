import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useHydrated } from "~/lib/use-hydrated";
import { useKeyedRows, type KeyedRow } from "~/lib/use-keyed-rows";
import { FIELDS, type CodeLabelRow } from "~/modules/configurations/editor-values";
import { AddRowButton } from "./add-row-button";

/** The rows whose code an earlier row already uses, by key, with that row's number. */
function repeatedCodes(rows: readonly KeyedRow<CodeLabelRow>[]): Map<number, number> {
  const firstRow = new Map<string, number>();
  const repeated = new Map<number, number>();
  rows.forEach((row, index) => {
    if (row.code === "") return;
    const first = firstRow.get(row.code);
    if (first === undefined) firstRow.set(row.code, index + 1);
    else repeated.set(row.key, first);
  });
  return repeated;
}

/**
 * A LIST_CODE_LABELS value (platform spec §3, §5): rows of code and label, both required, codes
 * unique (the server says which row breaks which rule; with JavaScript a repeated code is named
 * as it is typed). A row left wholly blank is dropped on save. Rows are added like billing
 * parameters: a submit without JavaScript, in place with it.
 */
export function CodeLabelsEditor({ rows: initial, editable, error }: { rows: readonly CodeLabelRow[]; editable: boolean; error?: string }) {
  const hydrated = useHydrated();
  const { rows, change, add, remove } = useKeyedRows<CodeLabelRow>(initial, { code: "", label: "" });
  const repeated = repeatedCodes(rows);

  return (
    <Stack gap="xs" role="group" aria-label="Codes and labels">
      <input type="hidden" name={FIELDS.rows} value="1" />
      <Text size="sm" fw={500}>
        Codes and labels
      </Text>
      {rows.length === 0 ? <Text size="sm">No rows yet.</Text> : null}
      {rows.map((row, index) => {
        const firstUse = repeated.get(row.key);
        return (
          <Group key={row.key} gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              name={FIELDS.code}
              label={`Row ${index + 1} code`}
              value={row.code}
              onChange={(event) => change(row.key, { code: event.currentTarget.value })}
              error={firstUse !== undefined ? `The code "${row.code}" is already used in row ${firstUse}.` : undefined}
              disabled={!editable}
              maxLength={200}
              w={200}
            />
            <TextInput
              name={FIELDS.label}
              label={`Row ${index + 1} label`}
              value={row.label}
              onChange={(event) => change(row.key, { label: event.currentTarget.value })}
              disabled={!editable}
              maxLength={500}
              w={280}
            />
            {hydrated && editable ? (
              <Button variant="subtle" size="compact-sm" mt={26} onClick={() => remove(row.key)}>
                Remove
              </Button>
            ) : null}
          </Group>
        );
      })}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {editable ? (
        <Group>
          <AddRowButton hydrated={hydrated} onAdd={add}>
            Add row
          </AddRowButton>
        </Group>
      ) : null}
    </Stack>
  );
}
