import { Card, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/auth/require-page.server";
import { configurationFormAnswer } from "~/components/configurations/form-answer";
import { JsonCheck } from "~/components/configurations/json-check";
import { NewConfigurationFields } from "~/components/configurations/new-configuration-form";
import { FormButtons } from "~/components/form-buttons";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { ADD_CONFIGURATION_LABEL } from "~/modules/configurations/editor-values";
import { CONFIGURATION_WRITE_PERMISSION } from "~/modules/configurations/grid";
import { actOnNewConfiguration, loadNewConfigurationPage } from "~/modules/configurations/new-configuration.server";

/**
 * Add Configuration without JavaScript (the grid's link opens it with ?returnTo=<the grid page>);
 * with JavaScript the grid's dialog posts to this action. Page configuration, and the write
 * permission (404 without it). Save goes back to the grid with the pop-up.
 */
export const handle: PageHandle = { title: ADD_CONFIGURATION_LABEL };
export const meta: MetaFunction = () => [{ title: pageTitle(ADD_CONFIGURATION_LABEL) }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "configuration", CONFIGURATION_WRITE_PERMISSION);
  return loadNewConfigurationPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requirePermission(request, "configuration", CONFIGURATION_WRITE_PERMISSION);
  return actOnNewConfiguration(request, signedIn);
}

export default function NewConfigurationPage() {
  const { returnTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const formAnswer = answer && "result" in answer ? configurationFormAnswer(answer.result) : null;
  return (
    <Card withBorder padding="lg" maw={1000}>
      <Title order={1} size="h4" mb="md">
        {ADD_CONFIGURATION_LABEL}
      </Title>
      <JsonCheck>
        <Form method="post" aria-label={ADD_CONFIGURATION_LABEL} noValidate>
          <NewConfigurationFields
            key={formAnswer ? JSON.stringify(formAnswer.values) : "fresh"}
            answer={formAnswer}
            returnTo={returnTo}
            buttons={<FormButtons submitLabel="Save" back={returnTo} />}
          />
        </Form>
      </JsonCheck>
    </Card>
  );
}
