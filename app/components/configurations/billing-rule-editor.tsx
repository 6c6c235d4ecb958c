import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useHydrated } from "~/lib/use-hydrated";
import { useKeyedRows } from "~/lib/use-keyed-rows";
import { camelCaseLabel } from "~/modules/configurations/billing-rule";
import { EDITOR_MESSAGES, FIELDS, mayAddParam } from "~/modules/configurations/editor-values";
import { AddRowButton } from "./add-row-button";

/**
 * A BILLING_RULE value (platform spec §3, §5): its parameters' labels, each name the label in camel
 * case. A new parameter cannot be added while one has an empty name; one with an empty name is
 * dropped on save. Without JavaScript Add parameter is a submit answered by the form with one
 * more row; with it, rows are added and removed in place.
 */
export function BillingRuleEditor({ labels, editable, error }: { labels: readonly string[]; editable: boolean; error?: string }) {
  const hydrated = useHydrated();
  const { rows, change, add, remove } = useKeyedRows(
    labels.map((label) => ({ label })),
    { label: "" },
  );
  const mayAdd = mayAddParam(rows.map((row) => row.label));

  return (
    <Stack gap="xs" role="group" aria-label="Billing rule parameters">
      <input type="hidden" name={FIELDS.rows} value="1" />
      <Text size="sm" fw={500}>
        Parameters
      </Text>
      {rows.length === 0 ? <Text size="sm">No parameters yet.</Text> : null}
      {rows.map((row, index) => (
        <Group key={row.key} gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            name={FIELDS.paramLabel}
            label={`Parameter ${index + 1} label`}
            value={row.label}
            onChange={(event) => change(row.key, { label: event.currentTarget.value })}
            disabled={!editable}
            maxLength={200}
            w={260}
          />
          <Text size="sm" pb={6} aria-label={`Parameter ${index + 1} name`}>
            Name: {camelCaseLabel(row.label) || "(empty: dropped on save)"}
          </Text>
          {hydrated && editable ? (
            <Button variant="subtle" size="compact-sm" onClick={() => remove(row.key)}>
              Remove
            </Button>
          ) : null}
        </Group>
      ))}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {editable ? (
        <Group gap="xs">
          <AddRowButton hydrated={hydrated} onAdd={add} disabled={!mayAdd}>
            Add parameter
          </AddRowButton>
          {!mayAdd ? (
            <Text size="xs" c="dimmed">
              {EDITOR_MESSAGES.emptyParamName}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
