import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { SHOP_LOADER_TITLE, ShopLoaderPage } from "~/components/shop-loader/shop-loader-page";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { checkMapsTimeZoneUrl } from "~/modules/shop-loader/maps-time-zone-check.server";
import { EXAMPLE_PARAM, EXAMPLE_SHOP_DOCUMENT_TEXT } from "~/modules/shop-loader/shop-document-guide";
import { actOnShopLoader } from "~/modules/shop-loader/shop-loader-page.server";

/** The shop document loader, a developer utility (page devtools; admins only in the demo configuration). */
export const handle: PageHandle = { title: SHOP_LOADER_TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(SHOP_LOADER_TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePage(request, "devtools");
  const example = new URL(request.url).searchParams.get(EXAMPLE_PARAM) === "Y" ? EXAMPLE_SHOP_DOCUMENT_TEXT : null;
  return { maps: await checkMapsTimeZoneUrl(), example };
}

export async function action({ request }: ActionFunctionArgs) {
  return actOnShopLoader(request, await requirePage(request, "devtools"));
}

export default function ShopLoaderRoute() {
  const { maps, example } = useLoaderData<typeof loader>();
  return <ShopLoaderPage answer={useActionData<typeof action>()} maps={maps} example={example} />;
}
