import { Box, Checkbox, Fieldset, Input, MultiSelect, SimpleGrid } from "@mantine/core";
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import type { ChoiceOption } from "~/modules/providers/provider-choices";

interface ChoiceFieldProps {
  name: string;
  label: string;
  options: readonly ChoiceOption[];
  initial: readonly string[];
  disabled: boolean;
  error?: string;
  required?: boolean;
}

/** The options offered plus the values the record already holds that the configuration no longer offers. */
function withHeldValues(options: readonly ChoiceOption[], held: readonly string[]): ChoiceOption[] {
  const missing = held.filter((code) => !options.some((option) => option.code === code));
  return [...options, ...missing.map((code) => ({ code, label: code }))];
}

/**
 * A multi-select of configured options (makes, scan types, procedures). Without JavaScript, and
 * until hydrated, a box of checkboxes; then Mantine's searchable MultiSelect, whose choices are
 * sent as one field per value (its own hidden input would join them with commas).
 */
export function ChoiceField({ name, label, options, initial, disabled, error, required }: ChoiceFieldProps) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string[]>([...initial]);
  const all = withHeldValues(options, initial);
  if (hydrated) {
    return (
      <div>
        <MultiSelect
          label={label}
          data={all.map((option) => ({ value: option.code, label: option.label }))}
          value={chosen}
          onChange={setChosen}
          disabled={disabled}
          error={error}
          withAsterisk={required}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={240}
          comboboxProps={{ withinPortal: true }}
        />
        {chosen.map((code) => (
          <input key={code} type="hidden" name={name} value={code} />
        ))}
      </div>
    );
  }
  return (
    <Fieldset legend={`${label}${required ? " *" : ""}`} variant="unstyled" p={0} disabled={disabled}>
      <Box mah={180} p={4} style={{ overflowY: "auto", border: "1px solid var(--mantine-color-gray-4)", borderRadius: 4 }}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={4} verticalSpacing={4}>
          {all.map((option) => (
            <Checkbox key={option.code} name={name} value={option.code} label={option.label} size="xs" defaultChecked={initial.includes(option.code)} />
          ))}
        </SimpleGrid>
      </Box>
      {error ? <Input.Error mt={4}>{error}</Input.Error> : null}
    </Fieldset>
  );
}
