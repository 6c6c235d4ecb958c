import type { LoaderFunctionArgs } from "@remix-run/node";
import { quotesGridModule } from "~/modules/quotes/grid-module.server";
import { requireQuoteArea } from "~/modules/quotes/quote-access.server";

/** GET /transactions/quotes.csv?<the grid's query>: every matching quote, as a CSV download (same access as the Quotes grid). */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireQuoteArea(request);
  return quotesGridModule.exportCsv(request, signedIn);
}
