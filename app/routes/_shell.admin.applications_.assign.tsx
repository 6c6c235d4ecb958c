import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { BulkRolePage } from "~/components/user-roles/bulk-role-page";
import { notFound } from "~/lib/not-found";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { APPLICATIONS_SOURCE, mayAssignRolesFromApplications } from "~/modules/applications/bulk-roles.server";
import { actOnBulkRolePage, loadBulkRolePage } from "~/modules/user-roles/bulk-role-route.server";
import { ROLE_MESSAGES } from "~/modules/user-roles/role-rules";

/**
 * Bulk Role(s) Assignment from Applications' Available Actions: the selected applications' users
 * (dashboards spec §2.6, §6: page applications, and DIP_POWER or DIP_ADMIN). The same page, dialog
 * and result as User Roles' (a page without JavaScript, its dialog with it).
 */
const TITLE = ROLE_MESSAGES.bulkDialogTitle;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

async function requireAssigning(request: Request) {
  const signedIn = await requirePage(request, "applications");
  if (!mayAssignRolesFromApplications(signedIn)) notFound();
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return loadBulkRolePage(APPLICATIONS_SOURCE, request, await requireAssigning(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return actOnBulkRolePage(APPLICATIONS_SOURCE, request, await requireAssigning(request));
}

export default function ApplicationsBulkRolesPage() {
  return <BulkRolePage page={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />;
}
