import { readCodeLabels, type CodeLabel } from "~/platform/configuration/configuration-values.server";

export const FEEDBACK_TOPICS_KEY = "UI_FEEDBACK_TOPICS";

/** The topics Submit Feedback offers (configuration UI_FEEDBACK_TOPICS, a code/label list). */
export function feedbackTopics(): Promise<CodeLabel[]> {
  return readCodeLabels(FEEDBACK_TOPICS_KEY);
}
