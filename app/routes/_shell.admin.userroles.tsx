import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { PageHeading } from "~/components/page-heading";
import { UserRolesGrid } from "~/components/user-roles/user-roles-grid";
import { isGridActionAnswer } from "~/grid/grid-actions";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { userRolesGrid } from "~/modules/user-roles/grid";
import { userRolesGridModule } from "~/modules/user-roles/grid-module.server";

/** The User Roles screen (page permission userroles; saving roles needs changingRoleData too). */
const TITLE = userRolesGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "userroles");
  return userRolesGridModule.loadPage(request, signedIn);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requirePage(request, "userroles");
  return userRolesGridModule.act(request, signedIn);
}

export default function UserRolesPage() {
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHeading title={TITLE} />
      <UserRolesGrid view={useLoaderData<typeof loader>()} answer={isGridActionAnswer(answer) ? answer : null} />
    </>
  );
}
