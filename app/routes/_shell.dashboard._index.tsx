import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { KPI_PATH } from "~/modules/dashboard/dashboard-url";

/** /dashboard opens the KPI Dashboard, its default tab. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePage(request, "dashboard");
  throw redirect(KPI_PATH);
}
