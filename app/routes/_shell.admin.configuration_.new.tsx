import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/auth/require-page.server";
import { AddRecordPage } from "~/components/admin/add-record-page";
import { ConfigurationFields } from "~/components/configurations/configuration-fields";
import { configurationFormAnswer } from "~/components/configurations/form-answer";
import { JsonCheck } from "~/components/configurations/json-check";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { ADD_CONFIGURATION_LABEL } from "~/modules/configurations/editor-values";
import { CONFIGURATION_WRITE_PERMISSION } from "~/modules/configurations/grid";
import { newConfigurationPage } from "~/modules/configurations/new-configuration.server";

/**
 * Add Configuration without JavaScript (the grid's link opens it with ?returnTo=<the grid page>);
 * with JavaScript the grid's dialog posts to this action. Page configuration, and the write
 * permission (404 without it). Save goes back to the grid with the pop-up.
 */
/** The write this page makes, as the audit log names it (a refusal for its permission is recorded under it). */
const NEW_CONFIGURATION_WRITE = { action: "createConfiguration", entity: "configuration" };
export const handle: PageHandle = { title: ADD_CONFIGURATION_LABEL };
export const meta: MetaFunction = () => [{ title: pageTitle(ADD_CONFIGURATION_LABEL) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePermission(request, "configuration", CONFIGURATION_WRITE_PERMISSION, NEW_CONFIGURATION_WRITE);
  return newConfigurationPage.load(request, signedIn);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requirePermission(request, "configuration", CONFIGURATION_WRITE_PERMISSION, NEW_CONFIGURATION_WRITE);
  return newConfigurationPage.act(request, signedIn);
}

export default function NewConfigurationPage() {
  const answer = useActionData<typeof action>();
  const formAnswer = answer && "result" in answer ? configurationFormAnswer(answer.result) : null;
  return (
    <AddRecordPage title={ADD_CONFIGURATION_LABEL} page={useLoaderData<typeof loader>()} submitLabel="Save" FormFrame={JsonCheck}>
      <ConfigurationFields key={formAnswer ? JSON.stringify(formAnswer.values) : "fresh"} detail={null} answer={formAnswer} editable />
    </AddRecordPage>
  );
}
