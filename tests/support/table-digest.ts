import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { PortalDatabase } from "~/db/connect.server";

/**
 * A digest of every row of each table, comparable across runs and across SQLite and PostgreSQL:
 * JSON text is parsed and re-written with sorted keys (jsonb reorders keys and adds spaces), rows
 * are sorted in JavaScript (the databases collate text differently).
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  if (typeof value === "string" && (value.startsWith("{") || value.startsWith("["))) {
    try {
      return { json: canonical(JSON.parse(value)) };
    } catch {
      return value;
    }
  }
  return value;
}

export interface DigestOptions {
  /** Columns (camelCase) whose value is replaced by whether it is null, e.g. salted hashes. */
  presenceOnly?: Record<string, readonly string[]>;
  /** Per table, a rewrite of each row before it is digested; null leaves the row out. */
  rewrite?: Record<string, (row: Record<string, unknown>) => Record<string, unknown> | null>;
}

export async function tableRows(database: PortalDatabase, table: string): Promise<Record<string, unknown>[]> {
  const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
  return result.rows;
}

export async function tableDigests(database: PortalDatabase, tables: readonly string[], options: DigestOptions = {}): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const presenceOnly = options.presenceOnly?.[table] ?? [];
    const rewrite = options.rewrite?.[table] ?? ((row: Record<string, unknown>) => row);
    const lines = (await tableRows(database, table)).flatMap((row) => {
      const rewritten = rewrite(row);
      if (rewritten === null) return [];
      const copy: Record<string, unknown> = { ...rewritten };
      for (const column of presenceOnly) copy[column] = copy[column] === null ? null : "<present>";
      return [JSON.stringify(canonical(copy))];
    });
    lines.sort();
    const hash = createHash("sha256");
    for (const line of lines) hash.update(line).update("\n");
    digests[table] = `${lines.length}:${hash.digest("hex").slice(0, 16)}`;
  }
  return digests;
}
