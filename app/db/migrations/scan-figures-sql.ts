import type { DialectName } from "../dialect";

/**
 * The SQL of the KPI dashboard's summary tables (decision 0050, migration 0009), shared by the
 * migration, the seed's bulk load and the tests:
 *
 * - scan_request_figures: requests per (bucket, provider, status, scan type), with the summed and
 *   counted scan durations of their details (whatever the status; the reader keeps the
 *   successful ones').
 * - scan_request_shop_days: successful requests per (bucket, provider, shop).
 *
 * A bucket is a piece of a UTC day cut at 05:00 and 06:00, named by its first instant: every
 * midnight in America/Chicago is one of those (05:00 in summer time, 06:00 in winter), so no
 * dashboard period cuts a bucket. SQLite has no time zones, so the cut is the same on both.
 */

export const FIGURES_TABLE = "scan_request_figures";
export const SHOP_DAYS_TABLE = "scan_request_shop_days";

/** The statuses of the dashboard's Successful group (decision 0045), as of this migration. */
export const SUMMARY_SUCCESSFUL_STATUSES = ["COMPLETED", "COMPLETED (CCCONE Error)"] as const;

const FIGURES_COLUMNS = "bucket, provider_id, status, scan_type, requests, duration_ms_sum, duration_count";
const FIGURES_KEY = "bucket, provider_id, status, scan_type";
const SHOP_DAYS_COLUMNS = "bucket, provider_id, shop_id, successful";
const SHOP_DAYS_KEY = "bucket, provider_id, shop_id";

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

const SUCCESSFUL_LIST = SUMMARY_SUCCESSFUL_STATUSES.map(literal).join(", ");

/** The bucket of an instant (an ISO-8601 UTC string on SQLite, timestamptz on PostgreSQL). */
export function bucketSql(dialect: DialectName, instant: string): string {
  if (dialect === "sqlite") {
    const hour = `substr(${instant}, 12, 2)`;
    return `(substr(${instant}, 1, 11) || case when ${hour} < '05' then '00' when ${hour} = '05' then '05' else '06' end || ':00:00.000Z')`;
  }
  const utc = `(${instant} at time zone 'UTC')`;
  return `((date_trunc('day', ${utc}) + case when extract(hour from ${utc}) < 5 then interval '0 hours' when extract(hour from ${utc}) < 6 then interval '5 hours' else interval '6 hours' end) at time zone 'UTC')`;
}

/** Milliseconds between two stamps, rounded as the raw figures round them. */
export function durationSql(dialect: DialectName, start: string, end: string): string {
  return dialect === "postgres"
    ? `round(extract(epoch from (${end} - ${start})) * 1000)`
    : `round((unixepoch(${end}, 'subsec') - unixepoch(${start}, 'subsec')) * 1000)`;
}

const ADD_TO_FIGURES = `on conflict (${FIGURES_KEY}) do update set
  requests = ${FIGURES_TABLE}.requests + excluded.requests,
  duration_ms_sum = ${FIGURES_TABLE}.duration_ms_sum + excluded.duration_ms_sum,
  duration_count = ${FIGURES_TABLE}.duration_count + excluded.duration_count`;

const ADD_TO_SHOP_DAYS = `on conflict (${SHOP_DAYS_KEY}) do update set successful = ${SHOP_DAYS_TABLE}.successful + excluded.successful`;

type Row = "new" | "old";
type Sign = 1 | -1;

/** Adds (or with -1 takes away) a request row, with its details' duration, to both tables. */
export function requestUpkeepSql(dialect: DialectName, row: Row, sign: Sign): string[] {
  const duration = durationSql(dialect, "d.scan_start_time_stamp", "d.scan_end_time_stamp");
  const bucket = bucketSql(dialect, `${row}.created_date_time`);
  return [
    `insert into ${FIGURES_TABLE} (${FIGURES_COLUMNS})
     select ${bucket}, ${row}.provider_id, ${row}.status, ${row}.scan_type, ${sign},
            ${sign} * coalesce(x.duration, 0), ${sign} * (case when x.duration is null then 0 else 1 end)
       from (select (select ${duration} from scan_request_details d where d.scan_request_id = ${row}.scan_request_id) as duration) x
      where true
     ${ADD_TO_FIGURES}`,
    `insert into ${SHOP_DAYS_TABLE} (${SHOP_DAYS_COLUMNS})
     select ${bucket}, ${row}.provider_id, ${row}.shop_id, ${sign}
      where ${row}.status in (${SUCCESSFUL_LIST})
     ${ADD_TO_SHOP_DAYS}`,
  ];
}

/** Adds (or takes away) a details row's duration to its request's figures, when the request exists. */
export function detailsUpkeepSql(dialect: DialectName, row: Row, sign: Sign): string[] {
  const duration = durationSql(dialect, `${row}.scan_start_time_stamp`, `${row}.scan_end_time_stamp`);
  return [
    `insert into ${FIGURES_TABLE} (${FIGURES_COLUMNS})
     select ${bucketSql(dialect, "r.created_date_time")}, r.provider_id, r.status, r.scan_type, 0, ${sign} * x.duration, ${sign}
       from scan_requests r, (select ${duration} as duration) x
      where r.scan_request_id = ${row}.scan_request_id and x.duration is not null
     ${ADD_TO_FIGURES}`,
  ];
}

/** The summary tables as a GROUP BY of the raw rows: the rebuild after a bulk load, and the tests' oracle. */
export function figuresFromRawSql(dialect: DialectName): string {
  const duration = durationSql(dialect, "d.scan_start_time_stamp", "d.scan_end_time_stamp");
  return `select ${bucketSql(dialect, "r.created_date_time")} as bucket, r.provider_id, r.status, r.scan_type,
                 count(*) as requests, coalesce(sum(${duration}), 0) as duration_ms_sum, count(${duration}) as duration_count
            from scan_requests r left join scan_request_details d on d.scan_request_id = r.scan_request_id
           group by 1, 2, 3, 4`;
}

export function shopDaysFromRawSql(dialect: DialectName): string {
  return `select ${bucketSql(dialect, "r.created_date_time")} as bucket, r.provider_id, r.shop_id, count(*) as successful
            from scan_requests r
           where r.status in (${SUCCESSFUL_LIST})
           group by 1, 2, 3`;
}

/** Empties both tables and fills them with one GROUP BY each (run with the triggers off or inside the writing transaction). */
export function rebuildSummarySql(dialect: DialectName): string[] {
  return [
    `delete from ${FIGURES_TABLE}`,
    `delete from ${SHOP_DAYS_TABLE}`,
    `insert into ${FIGURES_TABLE} (${FIGURES_COLUMNS}) ${figuresFromRawSql(dialect)}`,
    `insert into ${SHOP_DAYS_TABLE} (${SHOP_DAYS_COLUMNS}) ${shopDaysFromRawSql(dialect)}`,
  ];
}
