import { providerScopeOf } from "~/auth/provider-scope.server";
import type { UserClaims } from "~/auth/user-claims";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import type { NewRow } from "~/db/types";
import { done, refused, type ActionOutcome, type PopUpMessage } from "~/write-path/action-outcome";
import { feedbackTopics } from "./feedback-topics.server";
import { FEEDBACK_MESSAGES, type FeedbackForm } from "./schema";

/** The spec gives no words for feedback that could not be stored; these are its save error's (platform §8). */
export const FEEDBACK_NOT_SAVED: PopUpMessage = { title: "Fail", message: "Something went wrong while saving the change. Please try it again" };

/** Feedback is kept with the error reports (the admin Feedbacks/Errors tab lists both). */
export const FEEDBACK_CATEGORY = "FEEDBACK";

async function feedbackProviderId(user: UserClaims): Promise<number | null> {
  const scope = await providerScopeOf(user);
  return scope.restricted && scope.providerId > 0 ? scope.providerId : null;
}

/** A Submit Feedback form, read by feedbackFormSchema, on one of the topics offered: stored with its audit row in one transaction. */
export async function submitFeedback(user: UserClaims, form: FeedbackForm, now: Date = new Date()): Promise<ActionOutcome> {
  const topics = await feedbackTopics();
  if (!topics.some((topic) => topic.code === form.topic)) return refused({ fieldErrors: { topic: [FEEDBACK_MESSAGES.topicRequired] } });
  const record: NewRow<"errorRecords"> = {
    errorCode: form.topic,
    errorType: "WARN",
    errorCategory: FEEDBACK_CATEGORY,
    errorOrigin: "CLIENT",
    component: "portal",
    userId: user.login,
    providerId: await feedbackProviderId(user),
    errorMsg: form.message,
    createdDate: now.toISOString(),
  };
  await auditedTransaction(async (trx) => {
    const inserted = await trx.insertInto("errorRecords").values(record).returning("errorId").executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: user.login,
      action: "create",
      entity: "error_records",
      entityId: String(inserted.errorId),
      before: null,
      after: record,
      at: now,
    });
  });
  return done({ title: "Success", message: FEEDBACK_MESSAGES.thanks });
}
