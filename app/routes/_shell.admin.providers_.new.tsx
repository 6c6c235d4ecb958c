import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WRITE_PERMISSIONS } from "~/auth/authorization";
import { requirePermission } from "~/auth/require-page.server";
import { NewProviderForm } from "~/components/providers/new-provider-form";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { actOnNewProviderPage, loadNewProviderPage } from "~/modules/providers/new-provider-page.server";
import { ADD_PROVIDER_TITLE } from "~/modules/providers/provider-save-messages";

/** 'Add new provider' (platform spec §2 Providers screen, §5 New provider): page providers and addingNewProvider. */
const TITLE = ADD_PROVIDER_TITLE;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

/** Page providers and addingNewProvider, else the 404 page. */
const requireAddingProviders = (request: Request) =>
  requirePermission(request, "providers", WRITE_PERMISSIONS.addProvider, { action: "addProvider", entity: "provider" });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadNewProviderPage(await requireAddingProviders(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return actOnNewProviderPage(request, await requireAddingProviders(request));
}

export default function NewProviderPage() {
  const answer = useActionData<typeof action>();
  const { choices, token } = useLoaderData<typeof loader>();
  return <NewProviderForm choices={choices} token={token} lastResult={answer && "result" in answer ? answer.result : undefined} />;
}
