import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { ConfigurationsGrid } from "~/components/configurations/configurations-grid";
import { PageHeading } from "~/components/page-heading";
import { isGridActionAnswer } from "~/grid/grid-actions";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { configurationsGrid } from "~/modules/configurations/grid";
import { configurationsGridModule } from "~/modules/configurations/grid-module.server";

/** The Configurations screen (page permission configuration; writes need changingConfigurationData too, open unless listed). */
const TITLE = configurationsGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "configuration");
  return configurationsGridModule.loadPage(request, signedIn);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requirePage(request, "configuration");
  return configurationsGridModule.act(request, signedIn);
}

export default function ConfigurationsPage() {
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHeading title={TITLE} />
      <ConfigurationsGrid view={useLoaderData<typeof loader>()} answer={isGridActionAnswer(answer) ? answer : null} />
    </>
  );
}
