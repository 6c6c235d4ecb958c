import { sql, type Expression, type SqlBool } from "kysely";
import type { DialectName } from "~/db/dialect";

/** Escapes LIKE wildcards so user text matches literally (with ESCAPE '\'). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The smallest string greater than every string that starts with prefix (for index range scans). */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return `${prefix.slice(0, -1)}${String.fromCharCode(last + 1)}`;
}

/**
 * `column` starts with `prefix`, written so that an index on the column serves it: a range on
 * SQLite (whose LIKE ignores case and skips indexes), LIKE on PostgreSQL (case-sensitive).
 */
export function startsWith(dialect: DialectName, column: string, prefix: string): Expression<SqlBool> {
  const ref = sql.ref(column);
  if (dialect === "sqlite") return sql<SqlBool>`(${ref} >= ${prefix} and ${ref} < ${prefixUpperBound(prefix)})`;
  return sql<SqlBool>`${ref} like ${`${escapeLike(prefix)}%`} escape '\\'`;
}

/** `column` contains `text`, ignoring case. */
export function containsText(dialect: DialectName, column: string, text: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(text)}%`;
  const ref = sql.ref(column);
  return dialect === "sqlite" ? sql<SqlBool>`${ref} like ${pattern} escape '\\'` : sql<SqlBool>`${ref} ilike ${pattern} escape '\\'`;
}
