import { sql, type SqlBool } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { filterConditions, type GridBindings, sortExpression } from "~/grid/sql-bindings.server";
import { containsText } from "~/grid/text-match.server";
import { recordIds } from "~/lib/record-id";
import type { ConfigurationCellsSource } from "./cells.server";
import type { configurationsGrid } from "./grid";

/**
 * The Configurations grid's columns and filters in SQL: the id exact, text contains (ignoring
 * case), the type exact. The Value filter never looks into an ENCRYPT entry's stored text.
 */
export const CONFIGURATION_BINDINGS: GridBindings<typeof configurationsGrid> = {
  configId: { sql: "c.configId", filter: "exact", stored: (value) => Number(value) },
  configKey: { sql: "c.configKey", filter: "contains" },
  configValue: {
    sql: "c.configValue",
    sortable: false,
    filter: (values) => sql<SqlBool>`(${sql.ref("c.configValueType")} <> 'ENCRYPT' and ${containsText(getDialect(), "c.configValue", values[0])})`,
  },
  configGroup: { sql: "c.configGroup" },
  configGroupValue: { sql: "c.configGroupValue", filter: "contains" },
  configDescription: { sql: "c.configDescription" },
  configValueType: { sql: "c.configValueType", filter: "exact" },
  createdDateTime: { sql: "c.createdDateTime" },
  updatedDateTime: { sql: "c.updatedDateTime" },
  productArea: { sql: "c.productArea" },
};

const COLUMNS = [
  "c.configId",
  "c.configKey",
  "c.configValueType",
  "c.configValue",
  "c.configGroup",
  "c.configGroupValue",
  "c.configDescription",
  "c.productArea",
  "c.createdDateTime",
  "c.updatedDateTime",
] as const;

function matching(state: GridState) {
  return getDb()
    .selectFrom("configurations as c")
    .where((eb) => eb.and(filterConditions(CONFIGURATION_BINDINGS, state.filters, undefined)));
}

/** Every matching entry in grid order (the sorted column, then the id): the page reads a slice, the export all. */
export function selectConfigurationRows(state: GridState) {
  return matching(state)
    .select(COLUMNS)
    .orderBy(sortExpression(CONFIGURATION_BINDINGS, state, "updatedDateTime"), state.dir)
    .orderBy("c.configId", state.dir);
}

/** One page of entries and how many match. */
export function findConfigurationsPage(state: GridState): Promise<{ rows: ConfigurationCellsSource[]; total: number }> {
  return offsetPageWithTotal(selectConfigurationRows(state), matching(state), state);
}

/** Of these ids, the entries that exist. */
export async function existingConfigurationIds(ids: readonly string[]): Promise<string[]> {
  const numeric = recordIds(ids);
  if (numeric.length === 0) return [];
  const rows = await getDb().selectFrom("configurations").select("configId").where("configId", "in", numeric).execute();
  return rows.map((row) => String(row.configId));
}

/** How a confirmation names entries: their keys, with the group value when they have one. */
export async function configurationLabels(ids: readonly string[]): Promise<string[]> {
  const numeric = recordIds(ids);
  if (numeric.length === 0) return [];
  const rows = await getDb().selectFrom("configurations").select(["configId", "configKey", "configGroupValue"]).where("configId", "in", numeric).execute();
  const byId = new Map(rows.map((row) => [String(row.configId), row.configGroupValue ? `${row.configKey} (${row.configGroupValue})` : row.configKey]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
