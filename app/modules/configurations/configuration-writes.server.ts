import type { ActionOutcome } from "~/write-path/action-outcome";
import { refused } from "~/write-path/action-outcome";
import { CONFIGURATION_INTENTS } from "./configuration-form";
import { EDITOR_STEPS, FIELDS, stepForm, submittedValues, withRowsAsValue, type EditorStep } from "./editor-values";
import { saveConfiguration, type ConfigurationWriter } from "./save-configuration.server";

/**
 * The screen's way into saveConfiguration (decision 0038): a form's rows become the value's text,
 * an editor step (a row added, a new item's type changed) answers the form again without writing,
 * and a refused form is given back without an ENCRYPT secret in it.
 */
function editorStepOf(form: FormData): EditorStep | null {
  const step = form.get(FIELDS.editor);
  return step === EDITOR_STEPS.addRow || step === EDITOR_STEPS.changeType ? step : null;
}

/** An editor step's answer: the form again, one step on, as a refusal (nothing was written). */
function stepAnswer(form: FormData, step: EditorStep): ActionOutcome {
  const { values, refusal } = stepForm(form, step);
  return refused({ intent: CONFIGURATION_INTENTS.save, values, fieldErrors: refusal ? { [FIELDS.configValue]: [refusal] } : {} });
}

/** What the user sent, without the secret, in place of conform's copy of the whole form. */
function withoutSecret(outcome: ActionOutcome, form: FormData): ActionOutcome {
  return outcome.kind === "refused" ? { ...outcome, values: submittedValues(form) } : outcome;
}

/** A configuration form of the screen: a step, or the save (create without configId, update with it). */
export async function submitConfigurationForm(writer: ConfigurationWriter, form: FormData): Promise<ActionOutcome> {
  const step = editorStepOf(form);
  if (step) return stepAnswer(form, step);
  const outcome = await saveConfiguration(writer, withRowsAsValue(form));
  return withoutSecret(outcome, form);
}

/** The form as one entry's update: its configId is the row the grid checked, whatever the form said. */
export function asUpdateOf(form: FormData, configId: string): FormData {
  const copy = new FormData();
  for (const [name, value] of form) if (name !== FIELDS.configId) copy.append(name, value);
  copy.set(FIELDS.configId, configId);
  return copy;
}

/** The form as a new entry: no configId and no version, whatever the form said. */
export function asCreate(form: FormData): FormData {
  const copy = new FormData();
  for (const [name, value] of form) if (name !== FIELDS.configId && name !== FIELDS.version) copy.append(name, value);
  return copy;
}

/** The delete command's form for the rows the grid checked. */
export function deleteFormOf(configIds: readonly string[]): FormData {
  const form = new FormData();
  for (const id of configIds) form.append("configIds", id);
  return form;
}
