import type { DialectName } from "../dialect";
import {
  CURRENT_SUMMARY_TABLES,
  detailsUpkeepSql,
  FIGURES_TABLE,
  requestUpkeepSql,
  SHOP_DAYS_TABLE,
  shopUpkeepSql,
  TEST_SHOP_FIGURES_TABLE,
  type SummaryTables,
} from "./scan-figures-sql";

/**
 * The triggers that keep the summary tables exact in every writing transaction (decision 0050).
 * A request is taken away before it is deleted, while its details still exist; a details row
 * counts only while its request exists, so the cascade from a request's delete (which runs after
 * the request is gone) changes nothing twice. Since migration 0015 a shop that becomes a test shop
 * (or stops being one) moves its requests into (or out of) the test shops' figures; on PostgreSQL a
 * shop cannot come after its requests or go before them (the foreign keys are not deferred), on
 * SQLite it can, so there its insert and delete do the same.
 */

const REQUEST_COLUMNS = "status, scan_type, provider_id, shop_id, created_date_time";
const DETAILS_COLUMNS = "scan_request_id, scan_start_time_stamp, scan_end_time_stamp";

function sqliteTrigger(name: string, timing: string, table: string, statements: string[], when?: string): string {
  return `create trigger ${name} ${timing} on ${table} for each row ${when ? `when ${when} ` : ""}begin\n${statements.map((statement) => `${statement};`).join("\n")}\nend`;
}

/** The shops trigger fires only when a shop's test flag changes. */
const SHOP_FLAG_CHANGED = "old.is_internal is distinct from new.is_internal";

function sqliteTriggers(tables: SummaryTables): string[] {
  const d = "sqlite" as const;
  return [
    sqliteTrigger("scan_requests_figures_insert", "after insert", "scan_requests", requestUpkeepSql(d, "new", 1, tables)),
    sqliteTrigger("scan_requests_figures_update", `after update of ${REQUEST_COLUMNS}`, "scan_requests", [
      ...requestUpkeepSql(d, "old", -1, tables),
      ...requestUpkeepSql(d, "new", 1, tables),
    ]),
    sqliteTrigger("scan_requests_figures_delete", "before delete", "scan_requests", requestUpkeepSql(d, "old", -1, tables)),
    sqliteTrigger("scan_request_details_figures_insert", "after insert", "scan_request_details", detailsUpkeepSql(d, "new", 1, tables)),
    sqliteTrigger("scan_request_details_figures_update", `after update of ${DETAILS_COLUMNS}`, "scan_request_details", [
      ...detailsUpkeepSql(d, "old", -1, tables),
      ...detailsUpkeepSql(d, "new", 1, tables),
    ]),
    sqliteTrigger("scan_request_details_figures_delete", "after delete", "scan_request_details", detailsUpkeepSql(d, "old", -1, tables)),
    ...(tables.testShopFigures
      ? [
          // A shop may come or go before or after its requests here (foreign keys can be deferred);
          // only a test shop's coming or going changes the test shops' figures.
          sqliteTrigger("shops_figures_insert", "after insert", "shops", shopUpkeepSql(d, "new", 1), "new.is_internal = 'Y'"),
          sqliteTrigger(
            "shops_figures_update",
            "after update of is_internal",
            "shops",
            [...shopUpkeepSql(d, "old", -1), ...shopUpkeepSql(d, "new", 1)],
            SHOP_FLAG_CHANGED,
          ),
          sqliteTrigger("shops_figures_delete", "after delete", "shops", shopUpkeepSql(d, "old", -1), "old.is_internal = 'Y'"),
        ]
      : []),
  ];
}

function body(statements: string[]): string {
  return statements.map((statement) => `${statement};`).join("\n");
}

function plpgsqlFunction(name: string, code: string): string {
  return `create or replace function ${name}() returns trigger language plpgsql as $fn$
begin
${code}
end
$fn$`;
}

/**
 * The row locks keep concurrent writers of a request and its details in order (PostgreSQL reads
 * in READ COMMITTED): whoever comes second waits, then reads the other's committed row.
 */
function postgresFunctions(tables: SummaryTables): string[] {
  const d = "postgres" as const;
  const lockDetails = (row: string) => `perform 1 from scan_request_details where scan_request_id = ${row}.scan_request_id for share;`;
  const lockRequest = (row: string) => `perform 1 from scan_requests where scan_request_id = ${row}.scan_request_id for share;`;
  return [
    plpgsqlFunction(
      "scan_requests_figures_upkeep",
      `if tg_op in ('UPDATE', 'DELETE') then
${lockDetails("old")}
${body(requestUpkeepSql(d, "old", -1, tables))}
end if;
if tg_op in ('INSERT', 'UPDATE') then
${body(requestUpkeepSql(d, "new", 1, tables))}
end if;
if tg_op = 'DELETE' then return old; end if;
return null;`,
    ),
    plpgsqlFunction(
      "scan_request_details_figures_upkeep",
      `if tg_op in ('UPDATE', 'DELETE') then
${lockRequest("old")}
${body(detailsUpkeepSql(d, "old", -1, tables))}
end if;
if tg_op in ('INSERT', 'UPDATE') then
${lockRequest("new")}
${body(detailsUpkeepSql(d, "new", 1, tables))}
end if;
return null;`,
    ),
    // TRUNCATE fires no row triggers (the seed's --force empties tables with it).
    plpgsqlFunction(
      "scan_requests_figures_truncate",
      [FIGURES_TABLE, SHOP_DAYS_TABLE, ...(tables.testShopFigures ? [TEST_SHOP_FIGURES_TABLE] : [])].map((table) => `delete from ${table};\n`).join("") +
        "return null;",
    ),
    plpgsqlFunction(
      "scan_request_details_figures_truncate",
      [FIGURES_TABLE, ...(tables.testShopFigures ? [TEST_SHOP_FIGURES_TABLE] : [])]
        .map((table) => `update ${table} set duration_ms_sum = 0, duration_count = 0 where duration_count <> 0;\n`)
        .join("") + "return null;",
    ),
    ...(tables.testShopFigures
      ? [
          // A shop's flag changes rarely (the shop loader): the table locks wait for the request
          // writers in flight and hold new ones back, so no request is counted under the old flag
          // after this shop's requests are read under the new one.
          plpgsqlFunction(
            "shops_figures_upkeep",
            `lock table scan_requests, scan_request_details in share mode;
${body(shopUpkeepSql(d, "old", -1))}
${body(shopUpkeepSql(d, "new", 1))}
return null;`,
          ),
        ]
      : []),
  ];
}

function postgresTriggers(tables: SummaryTables): string[] {
  return [
    `create trigger scan_requests_figures_write after insert or update of ${REQUEST_COLUMNS} on scan_requests for each row execute function scan_requests_figures_upkeep()`,
    `create trigger scan_requests_figures_delete before delete on scan_requests for each row execute function scan_requests_figures_upkeep()`,
    `create trigger scan_request_details_figures_write after insert or update of ${DETAILS_COLUMNS} or delete on scan_request_details for each row execute function scan_request_details_figures_upkeep()`,
    `create trigger scan_requests_figures_truncate after truncate on scan_requests for each statement execute function scan_requests_figures_truncate()`,
    `create trigger scan_request_details_figures_truncate after truncate on scan_request_details for each statement execute function scan_request_details_figures_truncate()`,
    ...(tables.testShopFigures
      ? [
          `create trigger shops_figures_update after update of is_internal on shops for each row when (${SHOP_FLAG_CHANGED}) execute function shops_figures_upkeep()`,
        ]
      : []),
  ];
}

/** The statements that create the upkeep triggers (and on PostgreSQL their functions). */
export function summaryTriggersSql(dialect: DialectName, tables: SummaryTables = CURRENT_SUMMARY_TABLES): string[] {
  return dialect === "sqlite" ? sqliteTriggers(tables) : [...postgresFunctions(tables), ...postgresTriggers(tables)];
}

/** The triggers summaryTriggersSql creates, to drop before creating them again (migration 0015). */
export function dropSummaryTriggersSql(dialect: DialectName): string[] {
  const onRequests = ["scan_requests_figures_insert", "scan_requests_figures_update", "scan_requests_figures_delete"];
  const onDetails = ["scan_request_details_figures_insert", "scan_request_details_figures_update", "scan_request_details_figures_delete"];
  const onShops = ["shops_figures_insert", "shops_figures_update", "shops_figures_delete"];
  if (dialect === "sqlite") return [...onRequests, ...onDetails, ...onShops].map((name) => `drop trigger if exists ${name}`);
  return [
    "drop trigger if exists scan_requests_figures_write on scan_requests",
    "drop trigger if exists scan_requests_figures_delete on scan_requests",
    "drop trigger if exists scan_requests_figures_truncate on scan_requests",
    "drop trigger if exists scan_request_details_figures_write on scan_request_details",
    "drop trigger if exists scan_request_details_figures_truncate on scan_request_details",
    "drop trigger if exists shops_figures_update on shops",
  ];
}
