import { sql } from "kysely";
import { getDatabase } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import { containsText } from "~/grid/text-match.server";
import { oncePerRequest } from "~/lib/request-context.server";

/**
 * More distinct names than this and the filter matches the text row by row, as it did before
 * migration 0016: a list that long would cost the planner more than the match saves.
 */
export const MAX_SERVICE_NAMES = 500;

/**
 * The distinct provider service names that contain `text` (ignoring case, as the filter's
 * "contains" does), read from scan_requests_service_window (migration 0016, decision 0094) one
 * probe per name; null when the column holds more than MAX_SERVICE_NAMES names.
 */
export async function serviceNamesContaining(text: string): Promise<string[] | null> {
  const { db, dialect } = getDatabase();
  const result = await sql<{ name: string; position: number; matches: number | boolean }>`
    with recursive names(name, position) as (
      select (select provider_service_name from scan_requests where provider_service_name is not null order by provider_service_name limit 1), 1
      union all
      select (select s.provider_service_name from scan_requests s where s.provider_service_name > names.name order by s.provider_service_name limit 1), names.position + 1
        from names
       where names.name is not null and names.position <= ${MAX_SERVICE_NAMES}
    )
    select name, position, case when ${containsText(dialect, "name", text)} then 1 else 0 end as matches
      from names
     where name is not null`.execute(db);
  if (result.rows.some((row) => Number(row.position) > MAX_SERVICE_NAMES)) return null;
  return result.rows.filter((row) => Number(row.matches) === 1).map((row) => row.name);
}

/** The names the Provider Service Name filter's text finds, when the grid state has one. */
export async function serviceNamesOfFilter(state: GridState): Promise<readonly string[] | null> {
  const text = state.filters.providerServiceName?.[0];
  // An export reads them for its rows and for the cells the database writes: once per request.
  return text ? oncePerRequest(`serviceNamesContaining:${text}`, () => serviceNamesContaining(text)) : null;
}
