import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { notFound } from "~/lib/not-found";
import { adminTabsOf } from "~/modules/admin/admin-access.server";

/** /admin opens User Roles, or the first admin screen the user may open. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "admin");
  const [first] = await adminTabsOf(signedIn);
  if (!first) notFound();
  throw redirect(first.to);
}

/**
 * Never rendered (the loader always redirects or answers 404), but a route with a component is a
 * page, not a resource route: its 404 is the product's page inside the shell, not a bare "Not Found".
 */
export default function AdminEntry() {
  return null;
}
