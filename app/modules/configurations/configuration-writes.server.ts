import type { ActionOutcome } from "~/write-path/action-outcome";
import { refused } from "~/write-path/action-outcome";
import { CONFIGURATION_INTENTS } from "./configuration-form";
import type { ConfigurationSubmission } from "./configuration-submission.server";
import { FIELDS, stepForm, type EditorStep, type SentConfiguration } from "./editor-values";
import { saveConfiguration, type ConfigurationWriter } from "./save-configuration.server";

/**
 * The screen's way into saveConfiguration (decisions 0038, 0076): an editor step (a row added, a
 * new item's type changed) answers the form again without writing; a save writes the entry the
 * grid checked (configId), or a new one without it (and without a version).
 */

/** An editor step's answer: the form again, one step on, as a refusal (nothing was written). */
function stepAnswer(sent: SentConfiguration, step: EditorStep): ActionOutcome {
  const { values, refusal } = stepForm(sent, step);
  return refused({ intent: CONFIGURATION_INTENTS.save, values, fieldErrors: refusal ? { [FIELDS.configValue]: [refusal] } : {} });
}

/** A configuration form of the screen, read by configurationSubmissionSchema: a step, or the save of entry configId (a new one without it). */
export function submitConfiguration(writer: ConfigurationWriter, submission: ConfigurationSubmission, configId?: number): Promise<ActionOutcome> {
  if (submission.kind === "step") return Promise.resolve(stepAnswer(submission.sent, submission.step));
  const { form } = submission;
  return saveConfiguration(writer, configId === undefined ? { ...form, version: undefined } : { ...form, configId });
}
