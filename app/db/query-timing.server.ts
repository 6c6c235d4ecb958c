import type { LogEvent } from "kysely";
import { recordQuery } from "~/lib/metrics.server";
import { addDatabaseTime } from "~/lib/request-context.server";
import type { DialectName } from "./dialect";

/** Kysely's log hook: each query's time goes to the metrics and to its request's Server-Timing. */
export function timeQueries(dialect: DialectName): (event: LogEvent) => void {
  return (event) => {
    recordQuery(dialect, event.queryDurationMillis / 1000);
    addDatabaseTime(event.queryDurationMillis);
  };
}
