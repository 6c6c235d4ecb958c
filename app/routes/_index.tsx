import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { landingPath } from "~/auth/landing.server";
import { requirePage } from "~/auth/require-page.server";

/** "/" (the spec's main route): the transactions grid when the user may see it, else home. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "main");
  throw redirect(await landingPath(signedIn));
}

/** Never rendered (the loader always redirects or answers 404); the component makes a 404 here the product's page. */
export default function Entry() {
  return null;
}
