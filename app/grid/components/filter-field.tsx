import { Fieldset, NativeSelect, Stack, TextInput } from "@mantine/core";
import { digitsMask } from "~/forms/input-mask";
import { MaskedInput } from "~/forms/masked-input";
import type { FilterOption, GridFilter } from "~/grid/definition";
import { LongChecklist } from "./long-checklist";
import { PlainCheckbox } from "./plain-checkbox";

interface FilterFieldProps {
  filter: GridFilter;
  values: readonly string[];
  options: readonly FilterOption[];
  /** A filter fixed for this user: shown, not editable (the server forces it anyway). */
  locked: boolean;
}

/** Beyond this many options a multi-select is a scrolling checklist rather than a column of checkboxes. */
const SHORT_LIST = 12;

/** Puts the typed text in the filter's case, keeping the caret where it was. */
function forceCase(input: HTMLInputElement, letterCase: "upper" | "lower" | undefined) {
  const value = letterCase === "upper" ? input.value.toUpperCase() : letterCase === "lower" ? input.value.toLowerCase() : input.value;
  if (value === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = value;
  input.setSelectionRange(selectionStart, selectionEnd);
}

/** One filter of the Add Filter form, as a plain form control so the GET form works without JavaScript. */
export function FilterField({ filter, values, options, locked }: FilterFieldProps) {
  const kind = filter.kind;
  if (kind.type === "text" && kind.digits) {
    // Digits only, masked as typed; without JavaScript the pattern stops Apply with the format's words.
    return <MaskedInput mask={digitsMask(kind.maxLength)} name={filter.id} label={filter.label} defaultValue={values[0] ?? ""} w={190} size="sm" />;
  }
  if (kind.type === "text") {
    return (
      <TextInput
        name={filter.id}
        label={filter.label}
        defaultValue={values[0] ?? ""}
        maxLength={kind.maxLength}
        pattern={kind.letters ? "[A-Za-z]*" : undefined}
        autoComplete="off"
        w={190}
        size="sm"
        // A filter the grid forces to one case shows it as typed (the server stores it so too).
        className={kind.case ? `portal-grid-case-${kind.case}` : undefined}
        onChange={kind.case ? (event) => forceCase(event.currentTarget, kind.case) : undefined}
      />
    );
  }
  if (kind.type === "select") {
    return (
      <NativeSelect
        name={filter.id}
        label={filter.label}
        defaultValue={values[0] ?? ""}
        disabled={locked}
        data={[{ value: "", label: "All" }, ...options]}
        w={190}
        size="sm"
      />
    );
  }
  if (kind.selectAll || options.length > SHORT_LIST) {
    return <LongChecklist filter={filter} values={values} options={options} withBulkButtons={Boolean(kind.selectAll) && !locked} locked={locked} />;
  }
  return (
    <Fieldset legend={filter.label} variant="unstyled" p={0} disabled={locked}>
      <Stack gap={4}>
        {options.map((option) => (
          <PlainCheckbox key={option.value} name={filter.id} value={option.value} label={option.label} defaultChecked={values.includes(option.value)} />
        ))}
      </Stack>
    </Fieldset>
  );
}
