import { Card, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/auth/require-page.server";
import { etlFormAnswer } from "~/components/etl/etl-fields";
import { NewEtlFields } from "~/components/etl/new-etl-form";
import { FormButtons } from "~/components/form-buttons";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { ADD_ETL_TITLE } from "~/modules/etl/etl-form";
import { ETL_PAGE, ETL_WRITE_PERMISSION } from "~/modules/etl/grid";
import { actOnNewEtlVariable, loadNewEtlPage } from "~/modules/etl/new-etl-variable.server";

/**
 * Add New Etl Variable without JavaScript (the grid's link opens it with ?returnTo=<the grid page>);
 * with JavaScript the grid's dialog posts to this action. Page redshiftETLDashboard and the write
 * permission (404 without it). Submit goes back to the grid with the pop-up.
 */
export const handle: PageHandle = { title: ADD_ETL_TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(ADD_ETL_TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePermission(request, ETL_PAGE, ETL_WRITE_PERMISSION);
  return loadNewEtlPage(request, signedIn);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requirePermission(request, ETL_PAGE, ETL_WRITE_PERMISSION);
  return actOnNewEtlVariable(request, signedIn);
}

export default function NewEtlVariablePage() {
  const { returnTo, token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const formAnswer = answer && "result" in answer ? etlFormAnswer(answer.result) : null;
  return (
    <Card withBorder padding="lg" maw={1000}>
      <Title order={1} size="h4" mb="md">
        {ADD_ETL_TITLE}
      </Title>
      <Form method="post" aria-label={ADD_ETL_TITLE} noValidate>
        <NewEtlFields
          key={formAnswer ? JSON.stringify(formAnswer) : "fresh"}
          answer={formAnswer}
          returnTo={returnTo}
          token={token}
          buttons={<FormButtons submitLabel="Submit" back={returnTo} />}
        />
      </Form>
    </Card>
  );
}
