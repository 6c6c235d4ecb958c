import { Stack, Text, Title } from "@mantine/core";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { FeedbackForm } from "~/components/feedback/feedback-form";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { feedbackTopics } from "~/modules/feedback/feedback-topics.server";
import { FEEDBACK_MESSAGE_MAX, feedbackFormSchema } from "~/modules/feedback/schema";
import { FEEDBACK_NOT_SAVED, submitFeedback } from "~/modules/feedback/submit-feedback.server";
import { answerAction } from "~/write-path/answer-action.server";
import { readForm } from "~/write-path/read-form.server";
import { submitForm } from "~/write-path/submit-form.server";

const TITLE = "Submit Feedback";
const FEEDBACK_PATH = "/feedback";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePage(request, "feedback");
  return { topics: await feedbackTopics(), maxLength: FEEDBACK_MESSAGE_MAX };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requirePage(request, "feedback");
  const formData = await readForm(request);
  const outcome = await submitForm(formData, feedbackFormSchema, {
    failure: FEEDBACK_NOT_SAVED,
    logAs: "Storing feedback failed",
    run: (form) => submitFeedback(user, form),
  });
  return answerAction(formData, outcome, { back: FEEDBACK_PATH });
}

export default function FeedbackPage() {
  const { topics, maxLength } = useLoaderData<typeof loader>();
  const rejected = useActionData<typeof action>();
  // A successful submission comes back as a new navigation: an empty form again.
  const { key } = useLocation();
  return (
    <Stack gap="lg">
      <Title order={1}>{TITLE}</Title>
      <Text c="dimmed">Tell us what works, what does not, and what you would like to see.</Text>
      <FeedbackForm key={key} topics={topics} maxLength={maxLength} lastResult={rejected && "result" in rejected ? rejected.result : undefined} />
    </Stack>
  );
}
