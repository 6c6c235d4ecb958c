import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { PageHeading } from "~/components/page-heading";
import { ProvidersGrid } from "~/components/providers/providers-grid";
import { isGridActionAnswer } from "~/grid/grid-actions";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { providersGrid } from "~/modules/providers/grid";
import { loadProvidersPage, providersGridModule } from "~/modules/providers/grid-module.server";

/** The Providers screen (page permission providers; saving a provider needs changingProviderData too). */
const TITLE = providersGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "providers");
  return loadProvidersPage(request, signedIn);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requirePage(request, "providers");
  return providersGridModule.act(request, signedIn);
}

export default function ProvidersPage() {
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHeading title={TITLE} />
      <ProvidersGrid page={useLoaderData<typeof loader>()} answer={isGridActionAnswer(answer) ? answer : null} />
    </>
  );
}
