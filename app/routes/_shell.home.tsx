import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { HomeOverview } from "~/components/home/home-overview";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { loadHomeData } from "~/modules/home/home-data.server";

const TITLE = "Home";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "home");
  return loadHomeData(signedIn);
}

export default function HomePage() {
  return <HomeOverview {...useLoaderData<typeof loader>()} />;
}
