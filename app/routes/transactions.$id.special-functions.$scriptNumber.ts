import type { LoaderFunctionArgs } from "@remix-run/node";
import { providerScopeOf } from "~/auth/provider-scope.server";
import { requirePage } from "~/auth/require-page.server";
import { notFound } from "~/lib/not-found";
import { parseScriptNumber } from "~/modules/transaction-results/special-function-info";
import { specialFunctionInfoAnswer } from "~/modules/transaction-results/special-function-info.server";
import { findScopedRequest } from "~/modules/transaction-results/view-results.server";

/**
 * GET /transactions/{id}/special-functions/{scriptNumber}: a special function's additional info as
 * JSON, for the View Results tab's info panel (info null: none is published).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, "transactions");
  const scanRequest = await findScopedRequest(params.id, await providerScopeOf(user));
  const scriptNumber = parseScriptNumber(params.scriptNumber);
  if (!scanRequest || scriptNumber === null) notFound();
  return Response.json(await specialFunctionInfoAnswer(scriptNumber), { headers: { "Cache-Control": "private, no-store" } });
}
