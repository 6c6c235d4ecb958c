import { BENCH_TIME_ZONE } from "./cases";
import { repeat, type RepeatLimits, type Timing } from "./stats";
import type { PortalDatabase } from "../../app/db/connect.server";
import { setDatabase } from "../../app/db/db.server";
import { todayIn } from "../../app/grid/dates";
import type { GridDefinition } from "../../app/grid/definition";
import { parseGridUrl } from "../../app/grid/url-state";
import { loadTransactionFilterChoices } from "../../app/modules/transactions/filter-options.server";
import { servicesGrid, transactionsGrid } from "../../app/modules/transactions/grid";
import { findTransactionsPage } from "../../app/modules/transactions/grid-query.server";
import { serviceNamesOfFilter } from "../../app/modules/transactions/service-names.server";

/**
 * The SQL behind a grid page (the service names its filter finds, then the page of rows and the
 * total, as the grid module runs them) timed alone in this process against the same database, for
 * the same canonical query.
 */
export async function timePageQueries(database: PortalDatabase, canonicalPath: string, limits: RepeatLimits): Promise<Timing> {
  setDatabase(database);
  const url = new URL(canonicalPath, "http://bench.invalid");
  const services = url.pathname === "/transactions/services";
  const definition: GridDefinition = services ? servicesGrid : transactionsGrid;
  const scope = { restricted: false } as const;
  const choices = await loadTransactionFilterChoices(scope);
  const { state } = parseGridUrl(definition, url.searchParams, { today: todayIn(BENCH_TIME_ZONE), options: choices.options });
  const query = { state, timeZone: BENCH_TIME_ZONE, scope, requestType: services ? ("services" as const) : undefined, storedValues: choices.storedValues };
  return repeat(async () => {
    await findTransactionsPage({ ...query, serviceNames: await serviceNamesOfFilter(state) });
  }, limits);
}
