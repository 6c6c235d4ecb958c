import type { LoaderFunctionArgs } from "@remix-run/node";
import { providerScopeOf } from "~/auth/provider-scope.server";
import { requirePage } from "~/auth/require-page.server";
import { notFound } from "~/lib/not-found";
import { reportFileResponse } from "~/modules/transaction-results/report-file.server";
import { findScopedReport } from "~/modules/transaction-results/reports.server";

/**
 * GET /transactions/{id}/reports/{reportId}/file: the report's file, inline for the preview, or
 * with ?download=1 as an attachment.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, "transactions");
  const report = await findScopedReport(params.id, params.reportId, await providerScopeOf(user));
  if (!report) notFound();
  const download = new URL(request.url).searchParams.get("download") === "1";
  return reportFileResponse(report, download ? "attachment" : "inline");
}
