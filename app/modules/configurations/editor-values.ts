import type { ConfigValueType } from "~/db/types";
import type { FormValues } from "~/write-path/action-outcome";
import { camelCaseLabel } from "./billing-rule";
import { EMPTY_VALUES } from "./value-types";

/**
 * The configuration form's fields as the screen sends them (client-safe). BILLING_RULE and
 * LIST_CODE_LABELS values are edited as rows (repeated `paramLabel`, or `code` and `label`), which
 * the server turns into the value's JSON text before the save checks it; without JavaScript a row
 * is added by a submit button (`editor=addRow`) and a new item's type by `editor=changeType`,
 * answered by the form again and never written (decision 0038).
 */
export const FIELDS = {
  configId: "configId",
  version: "version",
  configKey: "configKey",
  configValueType: "configValueType",
  configValue: "configValue",
  configGroup: "configGroup",
  configGroupValue: "configGroupValue",
  configDescription: "configDescription",
  productArea: "productArea",
  isActive: "isActive",
  /** Present when the value is sent as rows. */
  rows: "rows",
  paramLabel: "paramLabel",
  code: "code",
  label: "label",
  editor: "editor",
  returnTo: "returnTo",
} as const;

export const EDITOR_STEPS = { addRow: "addRow", changeType: "changeType" } as const;
export type EditorStep = (typeof EDITOR_STEPS)[keyof typeof EDITOR_STEPS];

export const EDITOR_MESSAGES = {
  emptyParamName: "A new parameter cannot be added while one has an empty name.",
  noRowsHere: "Rows are added to billing rules and code/label lists only.",
} as const;

export type CodeLabelRow = { code: string; label: string };

/** Whether a type's value is edited as rows. */
export function isRowType(type: ConfigValueType): type is "BILLING_RULE" | "LIST_CODE_LABELS" {
  return type === "BILLING_RULE" || type === "LIST_CODE_LABELS";
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const asText = (value: unknown): string => (typeof value === "string" ? value : "");

/** A billing rule's parameter labels (the names are derived from them); none when the text is not a rule. */
export function paramLabelsOf(text: string): string[] {
  const value = parsed(text);
  const params = typeof value === "object" && value !== null ? (value as { params?: unknown }).params : undefined;
  return Array.isArray(params) ? params.map((param) => asText((param as { paramLabel?: unknown } | null)?.paramLabel)) : [];
}

/** A code/label list's rows; none when the text is not a list. */
export function codeLabelRowsOf(text: string): CodeLabelRow[] {
  const value = parsed(text);
  if (!Array.isArray(value)) return [];
  return value.map((row) => {
    const { code, label } = (typeof row === "object" && row !== null ? row : {}) as Record<string, unknown>;
    return { code: asText(code), label: asText(label) };
  });
}

export function billingRuleText(labels: readonly string[]): string {
  return JSON.stringify({ params: labels.map((paramLabel) => ({ paramName: camelCaseLabel(paramLabel), paramLabel })) });
}

/** Rows with neither a code nor a label are left out: an added row left blank is not a row. */
export function codeLabelsText(rows: readonly CodeLabelRow[]): string {
  return JSON.stringify(rows.filter((row) => row.code.trim() !== "" || row.label.trim() !== ""));
}

/** Whether another parameter may be added: every one has a name (spec §5). */
export function mayAddParam(labels: readonly string[]): boolean {
  return labels.every((label) => camelCaseLabel(label) !== "");
}

/**
 * The configuration form as it was sent, each field as text (conform leaves an empty one out) and
 * the rows' fields as lists, an empty cell as undefined: what the submission schema reads, and what
 * a refused form is shown again from.
 */
export interface SentConfiguration {
  configId?: string;
  version?: string;
  configKey?: string;
  configValueType?: string;
  configValue?: string;
  configGroup?: string;
  configGroupValue?: string;
  configDescription?: string;
  productArea?: string;
  isActive?: string;
  rows?: string;
  paramLabel?: readonly (string | undefined)[];
  code?: readonly (string | undefined)[];
  label?: readonly (string | undefined)[];
}

const listOf = (values: SentConfiguration["paramLabel"]) => (values ?? []).map((value) => value ?? "");

/** The value's text a form's rows make, or null when the form sends the value itself. */
export function rowsValueText(sent: SentConfiguration): string | null {
  if (sent.rows === undefined) return null;
  if (sent.configValueType === "BILLING_RULE") return billingRuleText(listOf(sent.paramLabel));
  if (sent.configValueType === "LIST_CODE_LABELS") {
    const labels = listOf(sent.label);
    return codeLabelsText(listOf(sent.code).map((code, index) => ({ code, label: labels[index] ?? "" })));
  }
  return null;
}

const SCALAR_FIELDS = [
  FIELDS.configId,
  FIELDS.version,
  FIELDS.configKey,
  FIELDS.configValueType,
  FIELDS.configGroup,
  FIELDS.configGroupValue,
  FIELDS.configDescription,
  FIELDS.productArea,
  FIELDS.isActive,
] as const;

/** What a form sent, to show it again: its fields and the value's text, never an ENCRYPT secret. */
export function submittedValues(sent: SentConfiguration): FormValues {
  const values: FormValues = {};
  for (const name of SCALAR_FIELDS) {
    const value = sent[name];
    if (typeof value === "string") values[name] = value;
  }
  const text = rowsValueText(sent) ?? sent.configValue;
  if (typeof text === "string" && values[FIELDS.configValueType] !== "ENCRYPT") values[FIELDS.configValue] = text;
  return values;
}

const textOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const listFrom = (value: unknown): (string | undefined)[] | undefined =>
  value === undefined || value === null ? undefined : (Array.isArray(value) ? value : [value]).map(textOf);

/** A refused form's values as conform gives them back, read as the form that was sent. */
export function sentConfigurationOf(values: FormValues): SentConfiguration {
  const sent: SentConfiguration = {
    paramLabel: listFrom(values[FIELDS.paramLabel]),
    code: listFrom(values[FIELDS.code]),
    label: listFrom(values[FIELDS.label]),
  };
  for (const name of [...SCALAR_FIELDS, FIELDS.configValue, FIELDS.rows] as const) sent[name] = textOf(values[name]);
  return sent;
}

/** A refused configuration form as the page gets it back: the value's text for its rows, and no secret. */
export function configurationShownAgain(values: FormValues): FormValues {
  return submittedValues(sentConfigurationOf(values));
}

/** The form one step on (never written): one more row, or a new item's value reset to its type's skeleton. */
export function stepForm(sent: SentConfiguration, step: EditorStep): { values: FormValues; refusal: string | null } {
  const values = submittedValues(sent);
  const type = sent.configValueType;
  if (step === EDITOR_STEPS.changeType) {
    const skeleton = typeof type === "string" && type in EMPTY_VALUES ? EMPTY_VALUES[type as ConfigValueType] : "";
    return { values: { ...values, [FIELDS.configValue]: skeleton }, refusal: null };
  }
  if (type === "BILLING_RULE") {
    const labels = listOf(sent.paramLabel);
    if (!mayAddParam(labels)) return { values, refusal: EDITOR_MESSAGES.emptyParamName };
    return { values: { ...values, [FIELDS.configValue]: billingRuleText([...labels, ""]) }, refusal: null };
  }
  if (type === "LIST_CODE_LABELS") {
    const labels = listOf(sent.label);
    const rows = [...listOf(sent.code).map((code, index) => ({ code, label: labels[index] ?? "" })), { code: "", label: "" }];
    return { values: { ...values, [FIELDS.configValue]: JSON.stringify(rows) }, refusal: null };
  }
  return { values, refusal: EDITOR_MESSAGES.noRowsHere };
}

/** A value in a form answer as text ("" when absent). */
export function valueText(values: FormValues | null | undefined, name: string): string | undefined {
  const value = values?.[name];
  return typeof value === "string" ? value : undefined;
}

/** The button, the dialog and the page that add an entry (platform spec §2). */
export const ADD_CONFIGURATION_LABEL = "Add Configuration";
