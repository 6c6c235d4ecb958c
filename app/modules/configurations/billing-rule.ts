import { z } from "zod";
import { type Checked, parseJsonText, serialiseStripped } from "./json-text";

/**
 * A BILLING_RULE configuration's value (platform spec §3, §5): `{ params: [{ paramName,
 * paramLabel }] }`, the name being the label in camel case. The name is always derived from the
 * label on save; a param whose name comes out empty is dropped.
 */
export const BILLING_RULE_SHAPE = "A billing rule must be { params: [{ paramName, paramLabel }, ...] }.";

export const billingRuleSchema = z.object({
  params: z.array(z.object({ paramName: z.string().optional(), paramLabel: z.string() })),
});

export interface BillingRuleParam {
  paramName: string;
  paramLabel: string;
}

/** "Number of Scans" -> "numberOfScans" (the demo data's provider billing values are keyed so). */
export function camelCaseLabel(label: string): string {
  const words = label.trim().split(/\s+/);
  return words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase())).join("");
}

export function normaliseBillingRule(text: string): Checked<string> {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  const shaped = billingRuleSchema.safeParse(parsed.value);
  if (!shaped.success) return { ok: false, message: BILLING_RULE_SHAPE };
  const params: BillingRuleParam[] = shaped.data.params
    .map((param) => ({ paramName: camelCaseLabel(param.paramLabel), paramLabel: param.paramLabel.trim() }))
    .filter((param) => param.paramName !== "");
  const seen = new Set<string>();
  for (const param of params) {
    if (seen.has(param.paramName)) return { ok: false, message: `The billing rule parameter "${param.paramLabel}" is listed twice.` };
    seen.add(param.paramName);
  }
  return { ok: true, value: serialiseStripped({ params }) };
}
