import { codeLabelsSchema, type CodeLabel } from "~/platform/configuration/code-labels";
import { type Checked, parseJsonText } from "./json-text";

/**
 * A LIST_CODE_LABELS configuration's value (platform spec §3, §5): a list of { code, label }, both
 * required, codes unique. The portal's own reader (codeLabelsSchema) decides the shape; the rows'
 * rules are checked here with messages naming the row (counted from 1).
 */
export const CODE_LABELS_SHAPE = "The value must be a JSON list of { code, label }.";

export function normaliseCodeLabels(text: string): Checked<string> {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  if (!Array.isArray(parsed.value)) return { ok: false, message: CODE_LABELS_SHAPE };
  const rows = parsed.value as unknown[];
  const firstRowOf = new Map<string, number>();
  for (const [index, row] of rows.entries()) {
    const at = `Row ${index + 1}`;
    if (row === null || typeof row !== "object" || Array.isArray(row)) return { ok: false, message: `${at}: ${CODE_LABELS_SHAPE}` };
    const { code, label } = row as Record<string, unknown>;
    if (typeof code !== "string" || code.trim() === "") return { ok: false, message: `${at}: the code is required.` };
    if (typeof label !== "string" || label.trim() === "") return { ok: false, message: `${at}: the label is required.` };
    const first = firstRowOf.get(code);
    if (first !== undefined) return { ok: false, message: `${at}: the code "${code}" is already used in row ${first}.` };
    firstRowOf.set(code, index + 1);
  }
  const checked = codeLabelsSchema.safeParse(rows);
  if (!checked.success) return { ok: false, message: CODE_LABELS_SHAPE };
  const list: CodeLabel[] = checked.data.map(({ code, label }) => ({ code, label }));
  return { ok: true, value: JSON.stringify(list) };
}
