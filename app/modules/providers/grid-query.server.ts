import { sql, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { filterConditions, type GridBindings, sortExpression } from "~/grid/sql-bindings.server";
import { recordIds } from "~/lib/record-id";
import type { ProviderCellsSource } from "./cells";
import type { providersGrid } from "./grid";
import { EXCLUDED_PROVIDER_CODE, SELECTABLE_PROVIDER_VERSION } from "./provider-options.server";

/** One row of the Providers table: what its cells show (cells.ts). */
export type ProviderRow = ProviderCellsSource;

const STATUS_FLAG: Readonly<Record<string, number>> = { Active: 1, Inactive: 0 };

/** The Providers table's columns and filters in SQL: names contain (ignoring case), id and code exact, status as the flag. */
export const PROVIDER_BINDINGS: GridBindings<typeof providersGrid> = {
  providerId: { sql: "p.providerId", filter: "exact", stored: (value) => Number(value) },
  providerName: { sql: "p.providerName", filter: "contains" },
  providerType: { sql: "p.providerType", filter: "contains" },
  providerCd: { sql: "p.providerCd", filter: (values) => sql<SqlBool>`upper(${sql.ref("p.providerCd")}) = ${values[0]}` },
  status: { sql: "p.isActive", filter: "exact", stored: (value) => STATUS_FLAG[value] ?? -1 },
  city: { sql: "p.city" },
  state: { sql: "p.state" },
  updatedBy: { sql: "p.updatedBy" },
  createdDateTime: { sql: "p.createdDateTime" },
  updatedDateTime: { sql: "p.updatedDateTime" },
};

function listedProviders(state: GridState) {
  return getDb()
    .selectFrom("providers as p")
    .where("p.version", "=", SELECTABLE_PROVIDER_VERSION)
    .where("p.providerCd", "!=", EXCLUDED_PROVIDER_CODE)
    .where((eb) => eb.and(filterConditions(PROVIDER_BINDINGS, state.filters, undefined)));
}

const COLUMNS = [
  "p.providerId",
  "p.providerName",
  "p.providerType",
  "p.providerCd",
  "p.isActive",
  "p.city",
  "p.state",
  "p.updatedBy",
  "p.createdDateTime",
  "p.updatedDateTime",
] as const;

/** Every listed provider in the grid's order (the CSV export). */
export function selectProviderRows(state: GridState) {
  return listedProviders(state)
    .select(COLUMNS)
    .orderBy(sortExpression(PROVIDER_BINDINGS, state, "updatedDateTime"), state.dir)
    .orderBy("p.providerId", state.dir);
}

/** One page of providers and how many match. */
export function findProvidersPage(state: GridState): Promise<{ rows: ProviderRow[]; total: number }> {
  return offsetPageWithTotal(selectProviderRows(state), listedProviders(state), state);
}

/** Of these ids, the listed providers' (a grid action acts on those only). */
export async function listedProviderIds(ids: readonly string[]): Promise<string[]> {
  const numeric = recordIds(ids);
  if (numeric.length === 0) return [];
  const rows = await getDb()
    .selectFrom("providers")
    .select("providerId")
    .where("providerId", "in", numeric)
    .where("version", "=", SELECTABLE_PROVIDER_VERSION)
    .where("providerCd", "!=", EXCLUDED_PROVIDER_CODE)
    .execute();
  return rows.map((row) => String(row.providerId));
}
