import { z } from "zod";

export const FEEDBACK_MESSAGE_MAX = 2000;
export const FEEDBACK_MESSAGES = {
  topicRequired: "Please select a topic",
  messageRequired: "Please enter your feedback",
  messageTooLong: `Please keep your feedback within ${FEEDBACK_MESSAGE_MAX} characters`,
  thanks: "Thank you for your feedback.",
} as const;

/** Submit Feedback: a topic from UI_FEEDBACK_TOPICS (checked against the list on the server) and a message. */
export const feedbackFormSchema = z.object({
  topic: z.string({ error: FEEDBACK_MESSAGES.topicRequired }).trim().min(1, { error: FEEDBACK_MESSAGES.topicRequired }),
  message: z
    .string({ error: FEEDBACK_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: FEEDBACK_MESSAGES.messageRequired })
    .max(FEEDBACK_MESSAGE_MAX, { error: FEEDBACK_MESSAGES.messageTooLong }),
});
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;
