import { SimpleGrid } from "@mantine/core";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import type { ChoiceOption, ProviderChoices } from "~/modules/providers/provider-choices";
import { BillingRuleFields } from "./billing-rule-fields";
import { ChoiceField } from "./choice-field";
import { listValue } from "./field-props";
import { RoutingRows } from "./routing-rows";

type IntentButton = ButtonHTMLAttributes<HTMLButtonElement>;

/** What this component reads of a conform field. */
interface BoundField {
  key: string | undefined;
  name: string;
  initialValue: unknown;
  errors?: string[];
}

interface RoutingsField extends BoundField {
  value: unknown;
  getFieldList(): ReadonlyArray<{ key: string | undefined }>;
}

/** The fields both provider forms have. */
interface ProviderCoreFieldset {
  vehicleMakes: BoundField;
  scanTypes: BoundField;
  nonBillableProcedures: BoundField;
  billingRuleId: BoundField;
  billingValues: BoundField;
  routings: RoutingsField;
}

/** What this component uses of conform's form: every field's errors, and the routings' add and remove intents. */
interface ProviderCoreForm {
  allErrors: Record<string, string[]>;
  insert: { getButtonProps(payload: { name: string }): IntentButton };
  remove: { getButtonProps(payload: { name: string; index: number }): IntentButton };
}

interface ProviderCoreFieldsProps {
  form: ProviderCoreForm;
  fields: ProviderCoreFieldset;
  /**
   * The detail form's Scan Perform Types, which 'Add new provider' has not. Passed on its own:
   * conform's fieldset answers every name, so the form's own fields cannot tell whether it has one.
   */
  scanPerformTypes?: BoundField;
  choices: ProviderChoices;
  disabled: boolean;
  /** What the form shows between the billing rule and the routings ('Add new provider' puts its notes there). */
  beforeRoutings?: ReactNode;
}

/**
 * The part of a provider both forms share, the detail form and 'Add new provider': the choice
 * lists (makes, scan types, scan perform types where the form has them, non-billable procedures),
 * the billing rule with its values, and the routings.
 */
export function ProviderCoreFields({ form, fields, scanPerformTypes, choices, disabled, beforeRoutings }: ProviderCoreFieldsProps) {
  const errorOf = (name: string) => form.allErrors[name]?.[0];
  const list = (field: BoundField, label: string, options: readonly ChoiceOption[], required?: boolean) => (
    <ChoiceField
      key={field.key}
      name={field.name}
      label={label}
      required={required}
      options={options}
      initial={listValue(field.initialValue)}
      disabled={disabled}
      error={field.errors?.[0]}
    />
  );
  const { routings } = fields;
  return (
    <>
      {/* Four lists stand in two rows of two, three in one row. */}
      <SimpleGrid cols={{ base: 1, md: scanPerformTypes ? 2 : 3 }} spacing="sm">
        {list(fields.vehicleMakes, "Makes", choices.makes, true)}
        {list(fields.scanTypes, "Scan Types", choices.scanTypes, true)}
        {scanPerformTypes ? list(scanPerformTypes, "Scan Perform Types", choices.scanPerformTypes) : null}
        {list(fields.nonBillableProcedures, "Non-billable Procedures", choices.procedures)}
      </SimpleGrid>
      <BillingRuleFields
        key={fields.billingRuleId.key}
        ruleName={fields.billingRuleId.name}
        valuesName={fields.billingValues.name}
        initialRule={fields.billingRuleId.initialValue}
        initialValues={fields.billingValues.initialValue}
        errorOf={errorOf}
        rules={choices.billingRules}
        disabled={disabled}
      />
      {beforeRoutings}
      <RoutingRows
        name={routings.name}
        rowKeys={routings.getFieldList().map((row) => row.key)}
        initial={routings.initialValue}
        current={routings.value}
        errorOf={errorOf}
        disabled={disabled}
        addButton={form.insert.getButtonProps({ name: routings.name })}
        removeButton={(index) => form.remove.getButtonProps({ name: routings.name, index })}
      />
    </>
  );
}
