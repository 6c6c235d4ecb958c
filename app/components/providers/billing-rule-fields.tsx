import { Fieldset, NativeSelect, SimpleGrid, Text } from "@mantine/core";
import { useState } from "react";
import { MaskedInput } from "~/forms/masked-input";
import type { BillingRuleOption } from "~/modules/providers/provider-choices";
import { billingParameterMask } from "~/modules/providers/provider-rules";

interface BillingRuleFieldsProps {
  /** The rule's field name and the values' (conform's: `billingRuleId`, `billingValues`). */
  ruleName: string;
  valuesName: string;
  initialRule: unknown;
  initialValues: unknown;
  errorOf: (fieldName: string) => string | undefined;
  rules: readonly BillingRuleOption[];
  disabled: boolean;
}

function initialText(values: unknown, name: string): string {
  if (values === null || typeof values !== "object") return "";
  const value = (values as Record<string, unknown>)[name];
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/**
 * The billing rule, chosen from the BILLING_RULE configurations, and a value for each of its
 * parameters (platform spec §5: above 0; a parameter whose name contains 'number' takes digits,
 * the others two decimals, masked as typed with JavaScript). With JavaScript the parameters follow the chosen rule at once; without
 * it, saving with another rule answers with that rule's parameters to fill in.
 */
export function BillingRuleFields({ ruleName, valuesName, initialRule, initialValues, errorOf, rules, disabled }: BillingRuleFieldsProps) {
  const [ruleId, setRuleId] = useState(typeof initialRule === "string" ? initialRule : "");
  const rule = rules.find((candidate) => candidate.ruleId === ruleId);
  return (
    <Fieldset legend="Billing Rule" variant="unstyled" p={0} disabled={disabled}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
        <NativeSelect
          name={ruleName}
          label="Billing Rule"
          size="xs"
          value={ruleId}
          onChange={(event) => setRuleId(event.currentTarget.value)}
          data={[{ value: "", label: "No billing rule" }, ...rules.map((option) => ({ value: option.ruleId, label: option.ruleDesc }))]}
          error={errorOf(ruleName)}
        />
        {(rule?.params ?? []).map((param) => {
          const fieldName = `${valuesName}.${param.paramName}`;
          const mask = billingParameterMask(param.paramName);
          return (
            <MaskedInput
              key={`${ruleId}-${param.paramName}`}
              mask={mask}
              name={fieldName}
              label={param.paramLabel}
              size="xs"
              withAsterisk
              placeholder={mask.kind === "digits" ? "e.g. 3" : "e.g. 12.50"}
              defaultValue={initialText(initialValues, param.paramName)}
              error={errorOf(fieldName)}
            />
          );
        })}
      </SimpleGrid>
      {rule && rule.params.length === 0 ? (
        <Text size="xs" c="gray.7">
          This rule has no parameters.
        </Text>
      ) : null}
    </Fieldset>
  );
}
