import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { notFound } from "~/lib/not-found";
import { parseRecordId } from "~/lib/record-id";
import { providerLogoResponse } from "~/modules/providers/provider-logo.server";

/** GET /admin/providers/:id/logo: the provider's logo with the type found in its bytes (nosniff is on every response); 404 when it has none. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePage(request, "providers");
  const providerId = parseRecordId(params.id);
  if (providerId === null) notFound();
  return (await providerLogoResponse(providerId)) ?? notFound();
}
