import { sql, type RawBuilder, type SqlBool } from "kysely";
import { nonSelectableProviderIds } from "~/modules/providers/provider-options.server";
import type { DashboardProviders } from "./scope";

/**
 * The scope's providers as a condition on a provider id column. Every selectable provider is
 * written as "not one of the others" (a few rows: AHMC and the providers not on version 2.0): a
 * check on the row or index entry already read, so each query keeps the plan it had without a
 * provider condition, where an IN of every selectable provider could send the planner through
 * the provider index once per provider (decision 0064).
 */
export function inProviderScope(column: string, providers: DashboardProviders): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  return providers.kind === "one" ? sql<SqlBool>`${ref} = ${providers.providerId}` : sql<SqlBool>`${ref} not in ${nonSelectableProviderIds()}`;
}
