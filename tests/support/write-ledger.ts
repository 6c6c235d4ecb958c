import { sql } from "kysely";
import type { PortalDatabase } from "~/db/connect.server";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { tableDigests } from "./table-digest";

/**
 * Proof that a run of requests wrote nothing: a digest of every row of every table (found in the
 * database's catalog, so a table added by a new migration is covered without being listed), taken
 * before and after. Two kinds of rows are a visit's own state, not data, and are compared loosely:
 *
 * - sessions: a request of a signed-in user moves its session's last_activity_at (the inactivity
 *   rule); the sessions the walk creates for itself (one per action case, since a logout ends it)
 *   may come and go. Every other session must stay exactly as it was, and no other may appear.
 * - user_preferences gridFilters:<grid>: opening a grid remembers its query (spec: filters
 *   remembered between visits), and a logout forgets it. The walk's page visitors open every page
 *   first, but an action's redirect may open a grid its twin visitor never saw, and a twin's logout
 *   forgets its queries: these rows are left out of the ledger and the counts, and every other
 *   preference must stay exactly as it was.
 * - audit_log: a write refused for its permission or a stale version is an event of its own
 *   (decision 0087), which the walk's hostile forms may cause; only changes made (outcome done) are
 *   compared.
 * - user_preferences preferredProvider: choosing a provider on the dashboard remembers it (spec:
 *   the chosen provider is reused across screens), and the walk's visitors open dashboard pages
 *   with the providers they are offered. Left out as the remembered grid queries are.
 */

export interface Ledger {
  digests: Record<string, string>;
  sessionIds: readonly string[];
}

/** The portal's tables (not the databases' own, such as sqlite_stat1). */
export async function portalTables(database: PortalDatabase): Promise<string[]> {
  const rows =
    database.dialect === "postgres"
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db)
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(database.db)).rows;
  return rows.map((row) => row.name).sort();
}

const GRID_FILTERS_PREFIX = PREFERENCE_KEYS.gridFilters("");

/** A visit's own remembered state among the preferences (see above). */
function isVisitState(prefKey: string): boolean {
  return prefKey.startsWith(GRID_FILTERS_PREFIX) || prefKey === PREFERENCE_KEYS.preferredProvider;
}

export async function takeLedger(database: PortalDatabase, walkSessions: ReadonlySet<string>): Promise<Ledger> {
  const tables = await portalTables(database);
  const sessionIds = (await sql<{ id: string }>`select id from sessions`.execute(database.db)).rows.map((row) => row.id);
  const digests = await tableDigests(database, tables, {
    rewrite: {
      sessions: (row) => (walkSessions.has(String(row.id)) ? null : { ...row, lastActivityAt: "<visit>" }),
      user_preferences: (row) => (isVisitState(String(row.prefKey)) ? null : row),
      // A refused write is an event by design (decision 0087): every change made is still compared.
      audit_log: (row) => (row.outcome === "done" ? row : null),
    },
  });
  return { digests, sessionIds: sessionIds.sort() };
}

/** What changed between two ledgers, one line per table (empty when nothing did). */
export function ledgerChanges(before: Ledger, after: Ledger, walkSessions: ReadonlySet<string>): string[] {
  const changes: string[] = [];
  const tables = new Set([...Object.keys(before.digests), ...Object.keys(after.digests)]);
  for (const table of [...tables].sort()) {
    if (before.digests[table] !== after.digests[table]) changes.push(`${table}: ${before.digests[table] ?? "missing"} -> ${after.digests[table] ?? "missing"}`);
  }
  const known = new Set(before.sessionIds);
  const strangers = after.sessionIds.filter((id) => !known.has(id) && !walkSessions.has(id));
  if (strangers.length > 0) changes.push(`sessions: ${strangers.length} created by the portal during the walk`);
  return changes;
}

/** Rows per table, cheap enough to take after every route (sessions and remembered grid queries left out, as in the ledger). */
export async function rowCounts(database: PortalDatabase, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    if (table === "sessions") continue;
    const visitState =
      table === "user_preferences"
        ? sql` where pref_key not like ${`${GRID_FILTERS_PREFIX}%`} and pref_key <> ${PREFERENCE_KEYS.preferredProvider}`
        : table === "audit_log"
          ? sql` where outcome = 'done'`
          : sql``;
    const row = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table)}${visitState}`.execute(database.db);
    counts[table] = Number(row.rows[0]?.count ?? 0);
  }
  return counts;
}
