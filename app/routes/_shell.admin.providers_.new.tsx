import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WRITE_PERMISSIONS } from "~/auth/authorization";
import { requirePermission } from "~/auth/require-page.server";
import { NewProviderForm } from "~/components/providers/new-provider-form";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { actOnNewProviderPage, loadNewProviderPage } from "~/modules/providers/new-provider-page.server";

/** 'Add new provider' (platform spec §2 Providers screen, §5 New provider): page providers and addingNewProvider. */
const TITLE = "Add new provider";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

/** Page providers and addingNewProvider, else the 404 page. */
const requireAddingProviders = (request: Request) => requirePermission(request, "providers", WRITE_PERMISSIONS.addProvider);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAddingProviders(request);
  return loadNewProviderPage();
}

export async function action({ request }: ActionFunctionArgs) {
  return actOnNewProviderPage(request, await requireAddingProviders(request));
}

export default function NewProviderPage() {
  const answer = useActionData<typeof action>();
  return <NewProviderForm choices={useLoaderData<typeof loader>().choices} lastResult={answer && "result" in answer ? answer.result : undefined} />;
}
