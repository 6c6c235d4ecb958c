import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { ButtonHTMLAttributes } from "react";
import { MaskedInput } from "~/forms/masked-input";
import { canAddRouting, MAX_ROUTINGS, PROVIDER_MESSAGES, ROUTING_TIMEOUT_MASK, type RoutingRow } from "~/modules/providers/provider-rules";

type IntentButton = ButtonHTMLAttributes<HTMLButtonElement>;

export interface RoutingFormRow {
  routingName: string;
  routingUrl: string;
  routingTimeout: string;
  requestTranslator: string;
  responseTranslator: string;
}

const CELLS: ReadonlyArray<{ name: keyof RoutingFormRow; label: string; numeric?: boolean }> = [
  { name: "routingName", label: "Routing Name" },
  { name: "routingUrl", label: "Routing URL" },
  { name: "routingTimeout", label: "Timeout (seconds)", numeric: true },
  { name: "requestTranslator", label: "Request Translator" },
  { name: "responseTranslator", label: "Response Translator" },
];

interface RoutingRowsProps {
  /** The list's field name (conform's, e.g. `routings`). */
  name: string;
  /** conform's key of each row, so a removed row's inputs go with it. */
  rowKeys: ReadonlyArray<string | undefined>;
  /** The rows as the form started (conform's initialValue) and as they are now (its value). */
  initial: unknown;
  current: unknown;
  errorOf: (fieldName: string) => string | undefined;
  disabled: boolean;
  /** conform's insert and remove intents: submit buttons, handled in the browser with JavaScript. */
  addButton: IntentButton;
  removeButton: (index: number) => IntentButton;
}

function rowsOf(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.map((row: unknown) => (row !== null && typeof row === "object" ? (row as Record<string, unknown>) : {})) : [];
}

const textOf = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/**
 * A provider's routings (platform spec §5 Routings): one row of name, URL, timeout and translators
 * each. 'Add routing' is held back while a row has no name or URL; rows left without either are
 * dropped on save. Without JavaScript Add and Remove are submit buttons the server answers with the
 * form again, one row more or less.
 */
export function RoutingRows({ name, rowKeys, initial, current, errorOf, disabled, addButton, removeButton }: RoutingRowsProps) {
  const initialRows = rowsOf(initial);
  const currentRows: RoutingRow[] = rowsOf(current ?? initial).map((row) => ({ routingName: textOf(row.routingName), routingUrl: textOf(row.routingUrl) }));
  const mayAdd = canAddRouting(currentRows);
  return (
    <Fieldset legend="Routings" variant="unstyled" p={0} disabled={disabled}>
      <Stack gap="xs">
        {rowKeys.length === 0 ? <Text size="sm">No routings.</Text> : null}
        {rowKeys.map((key, index) => (
          <Group key={key ?? index} gap="xs" align="flex-end" wrap="wrap" role="group" aria-label={`Routing ${index + 1}`}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
              {CELLS.map((cell) => {
                const fieldName = `${name}[${index}].${cell.name}`;
                const props = {
                  name: fieldName,
                  label: cell.label,
                  size: "xs",
                  defaultValue: textOf(initialRows[index]?.[cell.name]),
                  error: errorOf(fieldName),
                } as const;
                return cell.numeric ? (
                  <MaskedInput key={`${key ?? index}-${cell.name}`} mask={ROUTING_TIMEOUT_MASK} {...props} />
                ) : (
                  <TextInput key={`${key ?? index}-${cell.name}`} {...props} />
                );
              })}
            </SimpleGrid>
            {disabled ? null : (
              <Button {...removeButton(index)} type="submit" size="xs" variant="default" aria-label={`Remove routing ${index + 1}`}>
                Remove
              </Button>
            )}
          </Group>
        ))}
        {disabled ? null : (
          <Group gap="xs">
            <Button {...addButton} type="submit" size="xs" variant="light" disabled={!mayAdd}>
              Add routing
            </Button>
            {mayAdd ? null : (
              <Text size="xs" c="gray.7">
                {rowKeys.length >= MAX_ROUTINGS ? PROVIDER_MESSAGES.tooManyRoutings : "Fill in the name and URL of every routing before adding another."}
              </Text>
            )}
          </Group>
        )}
        {errorOf(name) ? (
          <Text size="sm" c="red.8">
            {errorOf(name)}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
