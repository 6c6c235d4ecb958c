import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { ErrorLogGrid } from "~/components/error-log/error-log-grid";
import { PageHeading } from "~/components/page-heading";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { errorLogGrid } from "~/modules/error-log/grid";
import { loadErrorLogPage } from "~/modules/error-log/grid-module.server";

/** Feedbacks/Errors (page permission feedbackError), a tab of the admin area; read-only. */
const TITLE = errorLogGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "feedbackError");
  return loadErrorLogPage(request, signedIn);
}

export default function FeedbackErrorPage() {
  return (
    <>
      <PageHeading title={TITLE} />
      <ErrorLogGrid page={useLoaderData<typeof loader>()} />
    </>
  );
}
