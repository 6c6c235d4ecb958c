import { Stack, Text, Title } from "@mantine/core";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { FeedbackForm } from "~/components/feedback/feedback-form";
import { flashCookieHeader } from "~/lib/flash.server";
import type { PageHandle } from "~/lib/page-handle";
import { readForm } from "~/lib/read-form.server";
import { pageTitle } from "~/lib/page-title";
import { feedbackTopics } from "~/modules/feedback/feedback-topics.server";
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGES } from "~/modules/feedback/schema";
import { submitFeedback } from "~/modules/feedback/submit-feedback.server";

const TITLE = "Submit Feedback";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePage(request, "feedback");
  return { topics: await feedbackTopics(), maxLength: FEEDBACK_MESSAGE_MAX };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requirePage(request, "feedback");
  const outcome = await submitFeedback(user, await readForm(request));
  if (!outcome.saved) return data({ result: outcome.result }, { status: 400 });
  const flash = await flashCookieHeader({ title: "Success", message: FEEDBACK_MESSAGES.thanks });
  return redirect("/feedback", { headers: { "Set-Cookie": flash } });
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
      <FeedbackForm key={key} topics={topics} maxLength={maxLength} lastResult={rejected?.result} />
    </Stack>
  );
}
