import type { DialectName } from "../dialect";
import { detailsUpkeepSql, FIGURES_TABLE, requestUpkeepSql, SHOP_DAYS_TABLE } from "./scan-figures-sql";

/**
 * The triggers that keep the summary tables exact in every writing transaction (decision 0050).
 * A request is taken away before it is deleted, while its details still exist; a details row
 * counts only while its request exists, so the cascade from a request's delete (which runs after
 * the request is gone) changes nothing twice.
 */

const REQUEST_COLUMNS = "status, scan_type, provider_id, shop_id, created_date_time";
const DETAILS_COLUMNS = "scan_request_id, scan_start_time_stamp, scan_end_time_stamp";

function sqliteTrigger(name: string, timing: string, table: string, statements: string[]): string {
  return `create trigger ${name} ${timing} on ${table} for each row begin\n${statements.map((statement) => `${statement};`).join("\n")}\nend`;
}

function sqliteTriggers(): string[] {
  const d = "sqlite" as const;
  return [
    sqliteTrigger("scan_requests_figures_insert", "after insert", "scan_requests", requestUpkeepSql(d, "new", 1)),
    sqliteTrigger("scan_requests_figures_update", `after update of ${REQUEST_COLUMNS}`, "scan_requests", [
      ...requestUpkeepSql(d, "old", -1),
      ...requestUpkeepSql(d, "new", 1),
    ]),
    sqliteTrigger("scan_requests_figures_delete", "before delete", "scan_requests", requestUpkeepSql(d, "old", -1)),
    sqliteTrigger("scan_request_details_figures_insert", "after insert", "scan_request_details", detailsUpkeepSql(d, "new", 1)),
    sqliteTrigger("scan_request_details_figures_update", `after update of ${DETAILS_COLUMNS}`, "scan_request_details", [
      ...detailsUpkeepSql(d, "old", -1),
      ...detailsUpkeepSql(d, "new", 1),
    ]),
    sqliteTrigger("scan_request_details_figures_delete", "after delete", "scan_request_details", detailsUpkeepSql(d, "old", -1)),
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
function postgresFunctions(): string[] {
  const d = "postgres" as const;
  const lockDetails = (row: string) => `perform 1 from scan_request_details where scan_request_id = ${row}.scan_request_id for share;`;
  const lockRequest = (row: string) => `perform 1 from scan_requests where scan_request_id = ${row}.scan_request_id for share;`;
  return [
    plpgsqlFunction(
      "scan_requests_figures_upkeep",
      `if tg_op in ('UPDATE', 'DELETE') then
${lockDetails("old")}
${body(requestUpkeepSql(d, "old", -1))}
end if;
if tg_op in ('INSERT', 'UPDATE') then
${body(requestUpkeepSql(d, "new", 1))}
end if;
if tg_op = 'DELETE' then return old; end if;
return null;`,
    ),
    plpgsqlFunction(
      "scan_request_details_figures_upkeep",
      `if tg_op in ('UPDATE', 'DELETE') then
${lockRequest("old")}
${body(detailsUpkeepSql(d, "old", -1))}
end if;
if tg_op in ('INSERT', 'UPDATE') then
${lockRequest("new")}
${body(detailsUpkeepSql(d, "new", 1))}
end if;
return null;`,
    ),
    // TRUNCATE fires no row triggers (the seed's --force empties tables with it).
    plpgsqlFunction("scan_requests_figures_truncate", `delete from ${FIGURES_TABLE};\ndelete from ${SHOP_DAYS_TABLE};\nreturn null;`),
    plpgsqlFunction(
      "scan_request_details_figures_truncate",
      `update ${FIGURES_TABLE} set duration_ms_sum = 0, duration_count = 0 where duration_count <> 0;\nreturn null;`,
    ),
  ];
}

function postgresTriggers(): string[] {
  return [
    `create trigger scan_requests_figures_write after insert or update of ${REQUEST_COLUMNS} on scan_requests for each row execute function scan_requests_figures_upkeep()`,
    `create trigger scan_requests_figures_delete before delete on scan_requests for each row execute function scan_requests_figures_upkeep()`,
    `create trigger scan_request_details_figures_write after insert or update of ${DETAILS_COLUMNS} or delete on scan_request_details for each row execute function scan_request_details_figures_upkeep()`,
    `create trigger scan_requests_figures_truncate after truncate on scan_requests for each statement execute function scan_requests_figures_truncate()`,
    `create trigger scan_request_details_figures_truncate after truncate on scan_request_details for each statement execute function scan_request_details_figures_truncate()`,
  ];
}

/** The statements that create the upkeep triggers (and on PostgreSQL their functions). */
export function summaryTriggersSql(dialect: DialectName): string[] {
  return dialect === "sqlite" ? sqliteTriggers() : [...postgresFunctions(), ...postgresTriggers()];
}
