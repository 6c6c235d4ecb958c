import pg from "pg";
import { timestamptzToIso, timestampToIso } from "./pg-timestamp";

/**
 * Both dialects return the same JavaScript values: ISO-8601 strings for instants, numbers for
 * counts and decimals, strings for JSON columns (parsed by the modules that own them) and
 * 'YYYY-MM-DD' strings for dates. The parsers belong to the portal's pool (and to the CSV export
 * worker's own client), not to pg's process-wide defaults, so another client in the same process
 * (a test's, a script's) reads stock values.
 */
export function portalPgTypes(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(20, (v) => Number(v)); // int8 (count(*), sum)
  types.setTypeParser(1700, (v) => Number(v)); // numeric
  types.setTypeParser(1082, (v) => v); // date
  types.setTypeParser(1114, timestampToIso); // timestamp
  types.setTypeParser(1184, timestamptzToIso); // timestamptz
  types.setTypeParser(114, (v) => v); // json
  types.setTypeParser(3802, (v) => v); // jsonb
  types.setTypeParser(16, (v) => (v === "t" ? 1 : 0)); // bool, should one appear
  return types;
}
