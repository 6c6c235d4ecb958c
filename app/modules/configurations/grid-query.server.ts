import { sql, type SqlBool } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import type { Row } from "~/db/types";
import { type GridBindings } from "~/grid/sql-bindings.server";
import { tableQuery } from "~/grid/table-query.server";
import { containsText } from "~/grid/text-match.server";
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

/** Every matching entry in grid order (the sorted column, then the id), and one page of them with how many match. */
export const configurationRows = tableQuery({
  from: () => getDb().selectFrom("configurations as c"),
  bindings: CONFIGURATION_BINDINGS,
  select: (matching) => matching.select(COLUMNS),
  defaultSort: "updatedDateTime",
  key: "c.configId",
});

/** How a confirmation names an entry: its key, with the group value when it has one. */
export function configurationLabel(row: Row<"configurations">): string {
  return row.configGroupValue ? `${row.configKey} (${row.configGroupValue})` : row.configKey;
}
