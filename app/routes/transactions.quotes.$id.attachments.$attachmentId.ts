import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireQuoteArea } from "~/modules/quotes/quote-access.server";
import { quoteAttachmentFile } from "~/modules/transaction-detail/file-responses.server";

/** A quote attachment's file: shown in the browser, or downloaded with ?download=1. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireQuoteArea(request);
  const download = new URL(request.url).searchParams.get("download") === "1";
  return quoteAttachmentFile(signedIn, params.id, params.attachmentId, download);
}
