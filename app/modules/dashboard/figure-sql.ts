import { sql, type RawBuilder } from "kysely";
import type { Period } from "./periods";
import { STATUS_GROUPS, STATUSES_OF_GROUP } from "./status-groups";

/** The index of the period an instant falls in, by the periods' bounds (the same on both databases). */
export function periodIndex(column: string, periods: readonly Period[]): RawBuilder<number> {
  const cases = periods.map((period, index) => sql`when ${sql.ref(column)} < ${period.end} then ${index}`);
  return sql<number>`case ${sql.join(cases, sql` `)} end`;
}

/** The status group of a status column, null for statuses in none. */
export function statusGroup(column: string): RawBuilder<string | null> {
  const cases = STATUS_GROUPS.map(
    (group) => sql`when ${sql.ref(column)} in (${sql.join(STATUSES_OF_GROUP[group].map((status) => sql.lit(status)))}) then ${sql.lit(group)}`,
  );
  return sql<string | null>`case ${sql.join(cases, sql` `)} end`;
}

/** The status column holds a successful status. */
export function isSuccessful(column: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(STATUSES_OF_GROUP.successful.map((status) => sql.lit(status)))})`;
}
