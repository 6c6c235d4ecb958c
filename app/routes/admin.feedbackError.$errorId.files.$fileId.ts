import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { errorFileResponse } from "~/modules/error-log/error-files.server";

/** GET an error record's file by the record's and the file's ids (`?download=1` to save it); page feedbackError. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePage(request, "feedbackError");
  return errorFileResponse(params.errorId, params.fileId, new URL(request.url).searchParams.get("download") === "1");
}
