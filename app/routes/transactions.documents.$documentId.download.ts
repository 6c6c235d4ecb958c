import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { workflowDocumentDownload } from "~/modules/transaction-detail/file-responses.server";

/** A workflow document's stored message as a file (the document viewer's Download). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "transactions");
  return workflowDocumentDownload(signedIn, params.documentId);
}
