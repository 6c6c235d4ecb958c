import { z } from "zod";
import type { ConfigValueType } from "~/db/types";
import { normaliseBillingRule } from "./billing-rule";
import { normaliseCodeLabels } from "./code-labels";
import { byteLength, type Checked, MAX_VALUE_BYTES, parseJsonText, serialiseStripped, TOO_LARGE } from "./json-text";

/**
 * The five configuration value types (platform spec §3, §9) and what a submitted value of each
 * must be (§5), client-safe: the configuration form and the save command check the same rules.
 */
export const CONFIG_VALUE_TYPES = ["JSON", "TEXT", "ENCRYPT", "BILLING_RULE", "LIST_CODE_LABELS"] as const satisfies readonly ConfigValueType[];
export const configValueTypeSchema = z.enum(CONFIG_VALUE_TYPES, { error: `The value type must be one of ${CONFIG_VALUE_TYPES.join(", ")}.` });

/** What a new item's value resets to when its type is changed (spec §4). */
export const EMPTY_VALUES: Readonly<Record<ConfigValueType, string>> = {
  JSON: "{}",
  TEXT: "",
  ENCRYPT: "",
  BILLING_RULE: JSON.stringify({ params: [] }),
  LIST_CODE_LABELS: "[]",
};

/** Types whose value is JSON text (shown as {...} in the grid). */
export function isJsonType(type: ConfigValueType): boolean {
  return type === "JSON" || type === "BILLING_RULE" || type === "LIST_CODE_LABELS";
}

function normaliseJson(text: string): Checked<string> {
  const parsed = parseJsonText(text);
  return parsed.ok ? { ok: true, value: serialiseStripped(parsed.value) } : parsed;
}

function normalisePlain(text: string): Checked<string> {
  return byteLength(text) > MAX_VALUE_BYTES ? { ok: false, message: TOO_LARGE } : { ok: true, value: text };
}

/** A submitted value checked against its type, as it is to be stored (an ENCRYPT value still in plain text). */
export function normaliseConfigurationValue(type: ConfigValueType, text: string): Checked<string> {
  switch (type) {
    case "JSON":
      return normaliseJson(text);
    case "BILLING_RULE":
      return normaliseBillingRule(text);
    case "LIST_CODE_LABELS":
      return normaliseCodeLabels(text);
    case "TEXT":
    case "ENCRYPT":
      return normalisePlain(text);
  }
}
