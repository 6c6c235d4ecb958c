import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { DevicesGrid } from "~/components/devices/devices-grid";
import { PageHeading } from "~/components/page-heading";
import { isGridActionAnswer } from "~/grid/grid-actions";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { DEVICES_PAGE, devicesGrid } from "~/modules/devices/grid";
import { devicesGridModule } from "~/modules/devices/grid-module.server";

/** The Devices screen (page permission devices; DeRegister and Delete need it too, and show only with trust=Y). */
const TITLE = devicesGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, DEVICES_PAGE);
  return devicesGridModule.loadPage(request, signedIn);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requirePage(request, DEVICES_PAGE);
  return devicesGridModule.act(request, signedIn);
}

export default function DevicesPage() {
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHeading title={TITLE} />
      <DevicesGrid view={useLoaderData<typeof loader>()} answer={isGridActionAnswer(answer) ? answer : null} />
    </>
  );
}
