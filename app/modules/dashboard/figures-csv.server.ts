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

/**
 * GET /dashboard/kpi/figures.csv?<the dashboard's query>&card=<chart id>: the numbers of one chart
 * as the page computes them for the same query (provider scope included). An unknown card is the
 * 404 page; a card whose query fails says 'NO DATA AVAILABLE' (503), as the card does.
 */
export async function figuresCsvResponse(request: Request, signedIn: SignedIn): Promise<Response> {
  const card = await loadTrendCard(request, signedIn, CARD_PARAM);
  if (!card) throw new Response("Not Found", { status: 404 });
  if (card.failed)
    return new Response("NO DATA AVAILABLE", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const columns = [{ id: "period", label: "Period" }, ...card.series.map((series, index) => ({ id: `series${index}`, label: series.name }))];
  const rows = figureRows(card);
  return csvResponse<FigureRow>({
    fileName: fileNameOf(card),
    grid: "dashboardFigures",
    columns,
    rows: (async function* () {
      yield rows;
    })(),
    cells: (row) => row,
    signal: request.signal,
    onError: (error) => log.error("A dashboard chart's CSV failed", { card: card.id, error }),
  });
}
