import type { DialectName } from "../dialect";

/**
 * The SQL of the KPI dashboard's summary tables (decision 0050, migration 0009), shared by the
 * migration, the seed's bulk load and the tests:
 *
 * - scan_request_figures: requests per (bucket, provider, status, scan type), with the summed and
 *   counted scan durations of their details (whatever the status; the reader keeps the
 *   successful ones').
 * - scan_request_shop_days: successful requests per (bucket, provider, shop).
 * - scan_request_test_shop_figures (migration 0015, decision 0093): scan_request_figures of the
 *   test shops' requests alone, which the dashboard takes away from the figures of every shop.
 *
 * A bucket is a piece of a UTC day cut at 05:00 and 06:00, named by its first instant: every
 * midnight in America/Chicago is one of those (05:00 in summer time, 06:00 in winter), so no
 * dashboard period cuts a bucket. SQLite has no time zones, so the cut is the same on both.
 */

export const FIGURES_TABLE = "scan_request_figures";
export const SHOP_DAYS_TABLE = "scan_request_shop_days";
export const TEST_SHOP_FIGURES_TABLE = "scan_request_test_shop_figures";

/**
 * Which tables a statement keeps: migration 0009's two, or since migration 0015 the test shops'
 * figures too (a released migration's SQL never changes, so 0009 asks for its own).
 */
export interface SummaryTables {
  testShopFigures: boolean;
}

export const CURRENT_SUMMARY_TABLES: SummaryTables = { testShopFigures: true };

/** A request's shop is a test shop (is_internal = 'Y'), as app/modules/dashboard/test-shops.server.ts reads it. */
export function isTestShopSql(shopId: string): string {
  return `exists (select 1 from shops ts where ts.repair_facility_id = ${shopId} and ts.is_internal = 'Y')`;
}

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

function addToFigures(table: string): string {
  return `on conflict (${FIGURES_KEY}) do update set
  requests = ${table}.requests + excluded.requests,
  duration_ms_sum = ${table}.duration_ms_sum + excluded.duration_ms_sum,
  duration_count = ${table}.duration_count + excluded.duration_count`;
}

const ADD_TO_SHOP_DAYS = `on conflict (${SHOP_DAYS_KEY}) do update set successful = ${SHOP_DAYS_TABLE}.successful + excluded.successful`;

type Row = "new" | "old";
type Sign = 1 | -1;

/** Adds (or with -1 takes away) a request row, with its details' duration, to the tables. */
export function requestUpkeepSql(dialect: DialectName, row: Row, sign: Sign, tables: SummaryTables = CURRENT_SUMMARY_TABLES): string[] {
  const duration = durationSql(dialect, "d.scan_start_time_stamp", "d.scan_end_time_stamp");
  const bucket = bucketSql(dialect, `${row}.created_date_time`);
  const figures = (table: string, condition: string) => `insert into ${table} (${FIGURES_COLUMNS})
     select ${bucket}, ${row}.provider_id, ${row}.status, ${row}.scan_type, ${sign},
            ${sign} * coalesce(x.duration, 0), ${sign} * (case when x.duration is null then 0 else 1 end)
       from (select (select ${duration} from scan_request_details d where d.scan_request_id = ${row}.scan_request_id) as duration) x
      where ${condition}
     ${addToFigures(table)}`;
  return [
    figures(FIGURES_TABLE, "true"),
    `insert into ${SHOP_DAYS_TABLE} (${SHOP_DAYS_COLUMNS})
     select ${bucket}, ${row}.provider_id, ${row}.shop_id, ${sign}
      where ${row}.status in (${SUCCESSFUL_LIST})
     ${ADD_TO_SHOP_DAYS}`,
    ...(tables.testShopFigures ? [figures(TEST_SHOP_FIGURES_TABLE, isTestShopSql(`${row}.shop_id`))] : []),
  ];
}

/** Adds (or takes away) a details row's duration to its request's figures, when the request exists. */
export function detailsUpkeepSql(dialect: DialectName, row: Row, sign: Sign, tables: SummaryTables = CURRENT_SUMMARY_TABLES): string[] {
  const duration = durationSql(dialect, `${row}.scan_start_time_stamp`, `${row}.scan_end_time_stamp`);
  const figures = (table: string, condition: string) => `insert into ${table} (${FIGURES_COLUMNS})
     select ${bucketSql(dialect, "r.created_date_time")}, r.provider_id, r.status, r.scan_type, 0, ${sign} * x.duration, ${sign}
       from scan_requests r, (select ${duration} as duration) x
      where r.scan_request_id = ${row}.scan_request_id and x.duration is not null and ${condition}
     ${addToFigures(table)}`;
  return [figures(FIGURES_TABLE, "true"), ...(tables.testShopFigures ? [figures(TEST_SHOP_FIGURES_TABLE, isTestShopSql("r.shop_id"))] : [])];
}

/**
 * Adds (or takes away) every request of a shop, with its details' durations, to the test shops'
 * figures: a shop that becomes a test shop (or stops being one) brings its requests along.
 */
export function shopUpkeepSql(dialect: DialectName, row: Row, sign: Sign): string[] {
  return [
    `insert into ${TEST_SHOP_FIGURES_TABLE} (${FIGURES_COLUMNS})
     select bucket, provider_id, status, scan_type, ${sign} * requests, ${sign} * duration_ms_sum, ${sign} * duration_count
       from (${figuresFromRawSql(dialect, `r.shop_id = ${row}.repair_facility_id`)}) g
      where ${row}.is_internal = 'Y'
     ${addToFigures(TEST_SHOP_FIGURES_TABLE)}`,
  ];
}

/** The summary tables as a GROUP BY of the raw rows: the rebuild after a bulk load, and the tests' oracle. */
export function figuresFromRawSql(dialect: DialectName, condition = "true"): string {
  const duration = durationSql(dialect, "d.scan_start_time_stamp", "d.scan_end_time_stamp");
  return `select ${bucketSql(dialect, "r.created_date_time")} as bucket, r.provider_id, r.status, r.scan_type,
                 count(*) as requests, coalesce(sum(${duration}), 0) as duration_ms_sum, count(${duration}) as duration_count
            from scan_requests r left join scan_request_details d on d.scan_request_id = r.scan_request_id
           where ${condition}
           group by 1, 2, 3, 4`;
}

/** The test shops' figures as a GROUP BY of their raw rows. */
export function testShopFiguresFromRawSql(dialect: DialectName): string {
  return figuresFromRawSql(dialect, isTestShopSql("r.shop_id"));
}

export function shopDaysFromRawSql(dialect: DialectName): string {
  return `select ${bucketSql(dialect, "r.created_date_time")} as bucket, r.provider_id, r.shop_id, count(*) as successful
            from scan_requests r
           where r.status in (${SUCCESSFUL_LIST})
           group by 1, 2, 3`;
}

/** Empties the tables and fills them with one GROUP BY each (run with the triggers off or inside the writing transaction). */
export function rebuildSummarySql(dialect: DialectName, tables: SummaryTables = CURRENT_SUMMARY_TABLES): string[] {
  return [
    `delete from ${FIGURES_TABLE}`,
    `delete from ${SHOP_DAYS_TABLE}`,
    `insert into ${FIGURES_TABLE} (${FIGURES_COLUMNS}) ${figuresFromRawSql(dialect)}`,
    `insert into ${SHOP_DAYS_TABLE} (${SHOP_DAYS_COLUMNS}) ${shopDaysFromRawSql(dialect)}`,
    ...(tables.testShopFigures ? rebuildTestShopFiguresSql(dialect) : []),
  ];
}

export function rebuildTestShopFiguresSql(dialect: DialectName): string[] {
  return [`delete from ${TEST_SHOP_FIGURES_TABLE}`, `insert into ${TEST_SHOP_FIGURES_TABLE} (${FIGURES_COLUMNS}) ${testShopFiguresFromRawSql(dialect)}`];
}
