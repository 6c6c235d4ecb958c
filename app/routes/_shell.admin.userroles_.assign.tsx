import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WRITE_PERMISSIONS } from "~/auth/authorization";
import { requirePermission } from "~/auth/require-page.server";
import { BulkRolePage } from "~/components/user-roles/bulk-role-page";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { USER_ROLES_SOURCE } from "~/modules/user-roles/bulk-assignment.server";
import { actOnBulkRolePage, loadBulkRolePage } from "~/modules/user-roles/bulk-role-route.server";
import { ROLE_MESSAGES } from "~/modules/user-roles/role-rules";

/**
 * Bulk Role(s) Assignment from User Roles' Available Actions. Without JavaScript the grid's
 * selection form opens this page with GET (?ids=...&returnTo=...); Save posts here and the result
 * goes back to the grid in the pop-up 'Bulk Role Assignment result'. With JavaScript the grid's
 * dialog loads this loader and posts to this action. Page userroles and changingRoleData.
 */
const TITLE = ROLE_MESSAGES.bulkDialogTitle;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

function requireRoleChanging(request: Request) {
  return requirePermission(request, "userroles", WRITE_PERMISSIONS.changeUserRoles, { action: "bulkAssignRoles", entity: "user" });
}

export async function loader({ request }: LoaderFunctionArgs) {
  return loadBulkRolePage(USER_ROLES_SOURCE, request, await requireRoleChanging(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return actOnBulkRolePage(USER_ROLES_SOURCE, request, await requireRoleChanging(request));
}

export default function BulkRoleAssignmentPage() {
  return <BulkRolePage page={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />;
}
