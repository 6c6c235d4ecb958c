import { z } from "zod";
import { configurationFormSchema, type ConfigurationForm } from "./configuration-form";
import { EDITOR_STEPS, rowsValueText, type EditorStep, type SentConfiguration } from "./editor-values";

/**
 * The configuration form as the Save of a row and Add Configuration read it (decision 0076), once:
 * an editor step (a row added, a new item's type changed) is the form as sent, answered again and
 * never written; a save is the form with its rows turned into the value's text, checked by
 * configurationFormSchema. Neither the entry's id nor its version is read here: a row's Save reads
 * the version with the form (versionedRowAction) and the grid's checked row gives the id; Add has
 * neither.
 */
const sentText = z.string().optional();
/** A row field: one entry per row, conform's undefined for an empty cell. */
const sentList = z.array(z.string().optional()).optional();

const sentSchema = z.object({
  editor: sentText,
  version: sentText,
  configKey: sentText,
  configValueType: sentText,
  configValue: sentText,
  configGroup: sentText,
  configGroupValue: sentText,
  configDescription: sentText,
  productArea: sentText,
  isActive: sentText,
  rows: sentText,
  paramLabel: sentList,
  code: sentList,
  label: sentList,
});

/** A save's fields as configurationFormSchema reads them: the rows as the value, a checkbox's "on" as true. */
function saveFieldsOf(sent: SentConfiguration) {
  const { rows: _rows, paramLabel: _paramLabel, code: _code, label: _label, isActive, configValue, ...fields } = sent;
  return { ...fields, configValue: rowsValueText(sent) ?? configValue, isActive: isActive === "on" ? true : isActive };
}

const saveSchema = configurationFormSchema.omit({ configId: true, version: true });
export type ConfigurationSubmission =
  | { kind: "step"; step: EditorStep; sent: SentConfiguration }
  | { kind: "save"; form: Omit<ConfigurationForm, "configId" | "version">; sent: SentConfiguration };

const isStep = (editor: string | undefined): editor is EditorStep => editor === EDITOR_STEPS.addRow || editor === EDITOR_STEPS.changeType;

export const configurationSubmissionSchema = sentSchema.transform((sent, context): ConfigurationSubmission => {
  const { editor, ...fields } = sent;
  if (isStep(editor)) return { kind: "step", step: editor, sent: fields };
  const checked = saveSchema.safeParse(saveFieldsOf(fields));
  if (checked.success) return { kind: "save", form: checked.data, sent: fields };
  for (const issue of checked.error.issues) context.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});
