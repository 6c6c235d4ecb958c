import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { providerScopeOf } from "~/auth/provider-scope.server";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import type { NewRow } from "~/db/types";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { feedbackTopics } from "./feedback-topics.server";
import { FEEDBACK_MESSAGES, feedbackFormSchema } from "./schema";

export type FeedbackOutcome = { saved: true; errorId: number } | { saved: false; result: SubmissionResult<string[]> };

/** Feedback is kept with the error reports (the admin Feedbacks/Errors tab lists both). */
export const FEEDBACK_CATEGORY = "FEEDBACK";

async function feedbackProviderId(user: UserClaims): Promise<number | null> {
  const scope = await providerScopeOf(user);
  return scope.restricted && scope.providerId > 0 ? scope.providerId : null;
}

/** Validates a Submit Feedback form and stores it with its audit row in one transaction. */
export async function submitFeedback(user: UserClaims, formData: FormData, now: Date = new Date()): Promise<FeedbackOutcome> {
  const submission = parseWithZod(formData, { schema: feedbackFormSchema });
  if (submission.status !== "success") return { saved: false, result: submission.reply() };
  const topics = await feedbackTopics();
  if (!topics.some((topic) => topic.code === submission.value.topic)) {
    return { saved: false, result: submission.reply({ fieldErrors: { topic: [FEEDBACK_MESSAGES.topicRequired] } }) };
  }
  const record: NewRow<"errorRecords"> = {
    errorCode: submission.value.topic,
    errorType: "WARN",
    errorCategory: FEEDBACK_CATEGORY,
    errorOrigin: "CLIENT",
    component: "portal",
    userId: user.login,
    providerId: await feedbackProviderId(user),
    errorMsg: submission.value.message,
    createdDate: now.toISOString(),
  };
  const errorId = await getDb()
    .transaction()
    .execute(async (trx) => {
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
      return inserted.errorId;
    });
  return { saved: true, errorId };
}
