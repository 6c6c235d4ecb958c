import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/auth/require-page.server";
import { AddRecordPage } from "~/components/admin/add-record-page";
import { EtlFields, etlFormAnswer } from "~/components/etl/etl-fields";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { ADD_ETL_TITLE } from "~/modules/etl/etl-form";
import { ETL_PAGE, ETL_WRITE_PERMISSION } from "~/modules/etl/grid";
import { newEtlVariablePage } from "~/modules/etl/new-etl-variable.server";

/**
 * Add New Etl Variable without JavaScript (the grid's link opens it with ?returnTo=<the grid page>);
 * with JavaScript the grid's dialog posts to this action. Page redshiftETLDashboard and the write
 * permission (404 without it). Submit goes back to the grid with the pop-up.
 */
/** The write this page makes, as the audit log names it (a refusal for its permission is recorded under it). */
const NEW_ETL_WRITE = { action: "createEtlVariable", entity: "etlVariable" };
export const handle: PageHandle = { title: ADD_ETL_TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(ADD_ETL_TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePermission(request, ETL_PAGE, ETL_WRITE_PERMISSION, NEW_ETL_WRITE);
  return newEtlVariablePage.load(request, signedIn);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requirePermission(request, ETL_PAGE, ETL_WRITE_PERMISSION, NEW_ETL_WRITE);
  return newEtlVariablePage.act(request, signedIn);
}

export default function NewEtlVariablePage() {
  const answer = useActionData<typeof action>();
  const formAnswer = answer && "result" in answer ? etlFormAnswer(answer.result) : null;
  return (
    <AddRecordPage title={ADD_ETL_TITLE} page={useLoaderData<typeof loader>()} submitLabel="Submit">
      <EtlFields key={formAnswer ? JSON.stringify(formAnswer) : "fresh"} detail={null} answer={formAnswer} editable />
    </AddRecordPage>
  );
}
