import type { SignedIn } from "~/auth/user-session.server";
import { csvResponse } from "~/grid/csv-export.server";
import { log } from "~/lib/logger.server";
import type { TrendCardView } from "./kpi-cards";
import { loadTrendCard } from "./kpi-page.server";

const CARD_PARAM = "card";

type FigureRow = Readonly<Record<string, string>>;

/** 'Diagnostics Scan Trend' -> 'Diagnostics-Scan-Trend.csv'. */
function fileNameOf(card: TrendCardView): string {
  return `${card.title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "")}.csv`;
}

/** The chart's table: a row per period (the one in progress says so), a column per series, whole numbers. */
function figureRows(card: TrendCardView): FigureRow[] {
  return card.periods.map((period) => ({
    period: period.inProgress ? `${period.label} (in progress)` : period.label,
    ...Object.fromEntries(period.values.map((entry, index) => [`series${index}`, String(entry.value)])),
  }));
}

/** Puts the card back into a redirect that corrected the dashboard's query. */
function keepCard(thrown: unknown, cardId: string): unknown {
  if (!(thrown instanceof Response) || thrown.status < 300 || thrown.status >= 400) return thrown;
  const location = thrown.headers.get("Location");
  if (!location) return thrown;
  const target = new URL(location, "http://portal.invalid");
  target.searchParams.set(CARD_PARAM, cardId);
  return new Response(null, { status: thrown.status, headers: { Location: `${target.pathname}${target.search}` } });
}

/**
 * GET /dashboard/kpi/figures.csv?<the dashboard's query>&card=<chart id>: the numbers of one chart
 * as the page computes them for the same query (provider scope included). An unknown card is the
 * 404 page; a card whose query fails says 'NO DATA AVAILABLE' (503), as the card does.
 */
export async function figuresCsvResponse(request: Request, signedIn: SignedIn): Promise<Response> {
  const url = new URL(request.url);
  const cardId = url.searchParams.get(CARD_PARAM) ?? "";
  url.searchParams.delete(CARD_PARAM);
  let card: TrendCardView | null;
  try {
    card = await loadTrendCard(new Request(url, { headers: request.headers, signal: request.signal }), signedIn, cardId);
  } catch (thrown) {
    throw keepCard(thrown, cardId);
  }
  if (!card) throw new Response("Not Found", { status: 404 });
  if (card.failed) return new Response("NO DATA AVAILABLE", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const columns = [{ id: "period", label: "Period" }, ...card.series.map((series, index) => ({ id: `series${index}`, label: series.name }))];
  const rows = figureRows(card);
  return csvResponse<FigureRow>({
    fileName: fileNameOf(card),
    columns,
    rows: (async function* () {
      yield rows;
    })(),
    cells: (row) => row,
    signal: request.signal,
    onError: (error) => log.error("A dashboard chart's CSV failed", { card: cardId, error }),
  });
}
