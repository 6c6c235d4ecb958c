import { Button, Group, NativeSelect } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { FilterOption } from "~/grid/definition";

interface ProviderSelectFormProps {
  /** The page the form opens (a GET form: it works without JavaScript). */
  action: string;
  /** The chosen provider's value ('' for none chosen yet). */
  value: string;
  options: readonly FilterOption[];
  /** A provider-only user's selector: disabled, their provider sent as a hidden field, no Apply. */
  locked: boolean;
  /** Parameters the form carries along (the rest of the page's state that a new provider keeps). */
  carried?: ReadonlyArray<readonly [string, string]>;
}

/**
 * The dashboard screens' provider selector (dashboards spec §2.1, §2.2, §6): a GET form with a
 * native select and Apply, locked for a provider-only user.
 */
export function ProviderSelectForm({ action, value, options, locked, carried = [] }: ProviderSelectFormProps) {
  return (
    <Form method="get" action={action} aria-label="Provider">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NativeSelect label="Provider" name="provider" data={options} defaultValue={value} disabled={locked} w={260} key={value} />
        {locked ? <input type="hidden" name="provider" value={value} /> : null}
        {carried.map(([name, carriedValue]) => (
          <input key={name} type="hidden" name={name} value={carriedValue} />
        ))}
        {locked ? null : (
          <Button type="submit" variant="light">
            Apply
          </Button>
        )}
      </Group>
    </Form>
  );
}
