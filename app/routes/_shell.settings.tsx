import { Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { PreferredLocationForm } from "~/components/settings/preferred-location-form";
import { TimeZoneForm } from "~/components/settings/time-zone-form";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { SETTINGS_INTENTS } from "~/modules/settings/intents";
import { saveSettings, SETTINGS_NOT_SAVED } from "~/modules/settings/save-settings.server";
import { settingsFormSchema, settingsIntentOf } from "~/modules/settings/schema";
import { loadSettings } from "~/modules/settings/settings-data.server";
import { answerAction } from "~/write-path/answer-action.server";
import { readForm } from "~/write-path/read-form.server";
import { submitForm } from "~/write-path/submit-form.server";

const TITLE = "Settings";
const SETTINGS_PATH = "/settings";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, "settings");
  return loadSettings(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requirePage(request, "settings");
  const formData = await readForm(request);
  const outcome = await submitForm(formData, settingsFormSchema, {
    intent: settingsIntentOf,
    failure: SETTINGS_NOT_SAVED,
    logAs: "Saving a setting failed",
    run: (form) => saveSettings(user, form),
  });
  return answerAction(formData, outcome, { back: SETTINGS_PATH });
}

export default function SettingsPage() {
  const { timeZone, location } = useLoaderData<typeof loader>();
  const rejected = useActionData<typeof action>();
  const resultFor = (intent: string) => (rejected && "result" in rejected && rejected.intent === intent ? rejected.result : undefined);
  // A successful save comes back as a new navigation: fresh forms, without the last errors.
  const { key } = useLocation();
  return (
    <Stack gap="lg">
      <Title order={1}>{TITLE}</Title>
      <TimeZoneForm key={`time-zone-${key}`} {...timeZone} lastResult={resultFor(SETTINGS_INTENTS.timeZone)} />
      <PreferredLocationForm key={`location-${key}`} {...location} lastResult={resultFor(SETTINGS_INTENTS.preferredLocation)} />
    </Stack>
  );
}
