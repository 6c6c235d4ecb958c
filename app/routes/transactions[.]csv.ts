import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { transactionsGridModule } from "~/modules/transactions/grid-module.server";

/** GET /transactions.csv?<the grid's query>: every matching transaction, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "transactions");
  return transactionsGridModule.exportCsv(request, signedIn);
}
