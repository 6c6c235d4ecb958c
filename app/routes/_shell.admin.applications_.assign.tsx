import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WRITE_PERMISSIONS } from "~/auth/authorization";
import { requirePermission } from "~/auth/require-page.server";
import { BulkRolePage } from "~/components/user-roles/bulk-role-page";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { APPLICATIONS_SOURCE } from "~/modules/applications/bulk-roles.server";
import { actOnBulkRolePage, loadBulkRolePage } from "~/modules/user-roles/bulk-role-route.server";
import { ROLE_MESSAGES } from "~/modules/user-roles/role-rules";

/**
 * Bulk Role(s) Assignment from Applications' Available Actions: the selected applications' users
 * (dashboards spec §2.6, §6: page applications and the permission assigningApplicationRoles, held by
 * DIP_POWER and DIP_ADMIN unless configured otherwise). The same page, dialog and result as User
 * Roles' (a page without JavaScript, its dialog with it); a role the user may not give fails per user.
 */
const TITLE = ROLE_MESSAGES.bulkDialogTitle;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

function requireAssigning(request: Request) {
  return requirePermission(request, "applications", WRITE_PERMISSIONS.assignRolesFromApplications, { action: "assignApplicationRoles", entity: "user" });
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
