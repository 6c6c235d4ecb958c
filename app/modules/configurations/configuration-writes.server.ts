import type { ActionOutcome } from "~/write-path/action-outcome";
import { refused } from "~/write-path/action-outcome";
import type { OncePerForm } from "~/write-path/create-form-page.server";
import type { Writer } from "~/write-path/writer";
import { CONFIGURATION_INTENTS } from "./configuration-form";
import type { ConfigurationSubmission } from "./configuration-submission.server";
import { FIELDS, stepForm, type EditorStep, type SentConfiguration } from "./editor-values";
import { saveConfiguration } from "./save-configuration.server";

/**
 * The screen's way into saveConfiguration (decisions 0038, 0076, 0079): an editor step (a row
 * added, a new item's type changed) answers the form again without writing; a save writes the
 * entry the grid checked at the version the form read, or a new one (once per Add form).
 */

/** The entry a row's Save writes: the grid's checked row, and the version (updatedDateTime) the form read. */
export interface EntryAt {
  configId: number;
  version: string;
}

/** An editor step's answer: the form again, one step on, as a refusal (nothing was written). */
function stepAnswer(sent: SentConfiguration, step: EditorStep): ActionOutcome {
  const { values, refusal } = stepForm(sent, step);
  return refused({ intent: CONFIGURATION_INTENTS.save, values, fieldErrors: refusal ? { [FIELDS.configValue]: [refusal] } : {} });
}

/** A configuration form of the screen, read by configurationSubmissionSchema: a step, or the save of `entry` (a new entry without it, run `once`). */
export function submitConfiguration(
  writer: Writer,
  submission: ConfigurationSubmission,
  entry?: EntryAt,
  once: OncePerForm = (write) => write(),
): Promise<ActionOutcome> {
  if (submission.kind === "step") return Promise.resolve(stepAnswer(submission.sent, submission.step));
  const { form } = submission;
  return entry === undefined ? once(() => saveConfiguration(writer, form)) : saveConfiguration(writer, { ...form, ...entry });
}
