import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { KpiDashboard } from "~/components/dashboard/kpi-dashboard";
import gridStyles from "~/grid/components/grid.css";
import { formatInstant } from "~/lib/date-format";
import { differInMapViewOnly } from "~/modules/dashboard/dashboard-url";
import { loadKpiPage } from "~/modules/dashboard/kpi-page.server";
import { userTimeZone } from "~/platform/time-zone.server";

/** The shop picker is the grids' long checklist, with its styles. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gridStyles }];

/** The KPI Dashboard (page permission dashboard): its state is its URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "dashboard");
  const [page, zone] = await Promise.all([loadKpiPage(request, signedIn), userTimeZone(request, signedIn.user.id)]);
  const { refreshedAt, cards, ...rest } = page;
  const when = (iso: string) => formatInstant(iso, zone.timeZone, "detail");
  // The map's shops are read at most a few minutes before the page: it says when, in the user's zone.
  const shown = cards.map((card) => (card.kind === "map" ? { ...card, readAt: when(card.readAt) } : card));
  return { ...rest, cards: shown, refreshed: when(refreshedAt) };
}

/** Panning or zooming the map changes only its view: the other cards are not read again (the map fetches its markers). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && differInMapViewOnly(currentUrl.searchParams, nextUrl.searchParams)) return false;
  return defaultShouldRevalidate;
};

export default function KpiDashboardPage() {
  return <KpiDashboard data={useLoaderData<typeof loader>()} />;
}
