import { z } from "zod";
import { getDb } from "~/db/db.server";
import { readCodeLabels } from "~/platform/configuration/configuration-values.server";
import type { BillingRuleOption, ProviderChoices } from "./provider-choices";

export type { BillingRuleOption, ProviderChoices } from "./provider-choices";

const billingRuleValueSchema = z.object({ params: z.array(z.object({ paramName: z.string(), paramLabel: z.string() })) });

/** The active BILLING_RULE configurations: the rule id is the key, its description the rule's. */
async function billingRules(): Promise<BillingRuleOption[]> {
  const rows = await getDb()
    .selectFrom("configurations")
    .select(["configKey", "configValue", "configDescription"])
    .where("configValueType", "=", "BILLING_RULE")
    .where("isActive", "=", 1)
    .orderBy("configKey")
    .execute();
  return rows.flatMap((row) => {
    try {
      const parsed = billingRuleValueSchema.safeParse(JSON.parse(row.configValue ?? ""));
      return parsed.success
        ? [{ ruleId: row.configKey, ruleDesc: row.configDescription ?? row.configKey, params: parsed.data.params.filter((param) => param.paramName) }]
        : [];
    } catch {
      return [];
    }
  });
}

export async function providerChoices(): Promise<ProviderChoices> {
  const [makes, scanTypes, scanPerformTypes, procedures, rules] = await Promise.all([
    readCodeLabels("ALL_VEHICLE_MAKES"),
    readCodeLabels("ALL_PROVIDER_SCAN_TYPES"),
    readCodeLabels("ALL_PROVIDER_SCAN_PERFORM_TYPES"),
    readCodeLabels("CCC_PROCEDURE_DESC_MAPPINGS"),
    billingRules(),
  ]);
  return { makes, scanTypes, scanPerformTypes, procedures, billingRules: rules };
}
