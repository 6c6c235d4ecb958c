import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { workflowDocumentFormatted } from "~/modules/transaction-detail/file-responses.server";

/** A workflow document's message as the viewer shows it (XML and JSON indented): the viewer dialog's contents. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "transactions");
  return workflowDocumentFormatted(signedIn, params.documentId);
}
