import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { ErrorLinesAlert } from "~/components/error-lines-alert";
import { LabelledField } from "~/components/value-item";
import type { ConfigValueType } from "~/db/types";
import { useHydrated } from "~/lib/use-hydrated";
import type { ConfigurationDetail } from "~/modules/configurations/detail";
import { EDITOR_STEPS, FIELDS, valueText } from "~/modules/configurations/editor-values";
import { CONFIG_VALUE_TYPES, EMPTY_VALUES } from "~/modules/configurations/value-types";
import { errorLines, type ConfigurationFormAnswer } from "./form-answer";
import { ValueEditor } from "./value-editor";

const DEFAULT_TYPE: ConfigValueType = "JSON";

function isValueType(value: string | undefined): value is ConfigValueType {
  return (CONFIG_VALUE_TYPES as readonly string[]).includes(value ?? "");
}

/** Where the form starts: the last answer's values when there is one, else the stored entry (or a new JSON entry). */
function startingPoint(detail: ConfigurationDetail | null, answer: ConfigurationFormAnswer | null) {
  const values = answer?.values ?? null;
  const text = (name: string, stored: string) => (values ? (valueText(values, name) ?? "") : stored);
  const answeredType = valueText(values, FIELDS.configValueType);
  const type: ConfigValueType = detail?.configValueType ?? (isValueType(answeredType) ? answeredType : DEFAULT_TYPE);
  return {
    type,
    key: detail?.configKey ?? text(FIELDS.configKey, ""),
    value: values ? (valueText(values, FIELDS.configValue) ?? EMPTY_VALUES[type]) : (detail?.value ?? EMPTY_VALUES[type]),
    group: text(FIELDS.configGroup, detail?.configGroup ?? ""),
    groupValue: text(FIELDS.configGroupValue, detail?.configGroupValue ?? ""),
    description: text(FIELDS.configDescription, detail?.configDescription ?? ""),
    productArea: text(FIELDS.productArea, detail?.productArea ?? ""),
    isActive: values ? valueText(values, FIELDS.isActive) !== undefined : (detail?.isActive ?? true),
  };
}

/** The key and value type: typed and chosen on a new entry, fixed on an existing one (spec §4). */
function KeyAndType({
  detail,
  start,
  type,
  onType,
  editable,
  errors,
}: {
  detail: ConfigurationDetail | null;
  start: ReturnType<typeof startingPoint>;
  type: ConfigValueType;
  onType: (type: ConfigValueType) => void;
  editable: boolean;
  errors: Record<string, string[]>;
}) {
  const hydrated = useHydrated();
  if (detail) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        <input type="hidden" name={FIELDS.configKey} value={detail.configKey} />
        <input type="hidden" name={FIELDS.configValueType} value={detail.configValueType} />
        <LabelledField label="Key" value={detail.configKey} />
        <LabelledField label="Value Type" value={detail.configValueType} />
      </SimpleGrid>
    );
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        name={FIELDS.configKey}
        label="Key"
        defaultValue={start.key}
        error={errors[FIELDS.configKey]?.[0]}
        disabled={!editable}
        required
        maxLength={200}
        w={320}
      />
      <NativeSelect
        name={FIELDS.configValueType}
        label="Value Type"
        data={[...CONFIG_VALUE_TYPES]}
        error={errors[FIELDS.configValueType]?.[0]}
        disabled={!editable}
        {...(hydrated ? { value: type, onChange: (event) => onType(event.currentTarget.value as ConfigValueType) } : { defaultValue: type })}
        w={200}
      />
      {hydrated ? null : (
        <Button variant="default" type="submit" name={FIELDS.editor} value={EDITOR_STEPS.changeType} formNoValidate>
          Change type
        </Button>
      )}
    </Group>
  );
}

/**
 * The configuration form's fields (platform spec §2-§5), for an entry's expanded row and for Add
 * Configuration. A new entry's other type resets the value to that type's empty skeleton; an
 * ENCRYPT value is never prefilled. Disabled for a user who may not write configurations.
 */
export function ConfigurationFields({
  detail,
  answer,
  editable,
}: {
  detail: ConfigurationDetail | null;
  answer: ConfigurationFormAnswer | null;
  editable: boolean;
}) {
  const start = startingPoint(detail, answer);
  const [editor, setEditor] = useState({ type: start.type, value: start.value, resets: 0 });
  const { type } = editor;
  const errors = answer?.errors ?? {};
  const lines = errorLines(answer);
  const changeType = (next: ConfigValueType) => setEditor((current) => ({ type: next, value: EMPTY_VALUES[next], resets: current.resets + 1 }));

  return (
    <Stack gap="sm">
      <ErrorLinesAlert title="Fail" lines={lines} />
      <KeyAndType detail={detail} start={start} type={type} onType={changeType} editable={editable} errors={errors} />
      <ValueEditor
        key={editor.resets}
        type={type}
        text={editor.value}
        storedSecret={detail?.storedSecret ?? null}
        editable={editable}
        error={errors[FIELDS.configValue]?.[0]}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput name={FIELDS.configGroup} label="Group" defaultValue={start.group} disabled={!editable} maxLength={500} />
        <TextInput
          name={FIELDS.configGroupValue}
          label="Group Value"
          defaultValue={start.groupValue}
          error={errors[FIELDS.configGroupValue]?.[0]}
          disabled={!editable}
          maxLength={500}
        />
        <TextInput name={FIELDS.configDescription} label="Description" defaultValue={start.description} disabled={!editable} maxLength={500} />
        <TextInput name={FIELDS.productArea} label="Product Area" defaultValue={start.productArea} disabled={!editable} maxLength={500} />
      </SimpleGrid>
      <Checkbox name={FIELDS.isActive} label="Active" defaultChecked={start.isActive} disabled={!editable} />
    </Stack>
  );
}
