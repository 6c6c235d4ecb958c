import type { Row } from "~/db/types";
import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import { maskedSecret } from "~/platform/configuration/secret-box.server";
import type { configurationsGrid } from "./grid";
import { isJsonType } from "./value-types";

/** What a Configurations row's cells are made of (grid-query.server.ts): the stored entry but its state and authors. */
export type ConfigurationCellsSource = Omit<Row<"configurations">, "isActive" | "createdBy" | "updatedBy" | "rowVersion">;

/** The spec's Value cell: the text of a TEXT entry, {...} for the JSON types, the mask of a secret. */
export const JSON_VALUE_MARK = "{...}";

function shownValue(row: ConfigurationCellsSource): string {
  if (row.configValueType === "ENCRYPT") return maskedSecret(row.configValue);
  if (isJsonType(row.configValueType)) return JSON_VALUE_MARK;
  return row.configValue ?? "";
}

/** The export's Value: the whole text of every type but ENCRYPT, whose secret is only ever masked. */
function exportedValue(row: ConfigurationCellsSource): string {
  return row.configValueType === "ENCRYPT" ? maskedSecret(row.configValue) : (row.configValue ?? "");
}

function cellsWith(row: ConfigurationCellsSource, value: string, timeZone: string): GridCells<typeof configurationsGrid> {
  return {
    configId: String(row.configId),
    configKey: row.configKey,
    configValue: value,
    configGroup: row.configGroup ?? "",
    configGroupValue: row.configGroupValue ?? "",
    configDescription: row.configDescription ?? "",
    configValueType: row.configValueType,
    createdDateTime: cellDateTime(row.createdDateTime, timeZone),
    updatedDateTime: cellDateTime(row.updatedDateTime, timeZone),
    productArea: row.productArea ?? "",
  };
}

/** A row's cells as the grid page shows them. */
export function configurationCells(row: ConfigurationCellsSource, timeZone: string): GridCells<typeof configurationsGrid> {
  return cellsWith(row, shownValue(row), timeZone);
}

/** A row's cells in the CSV export (decision 0038: values in full, secrets masked). */
export function configurationExportCells(row: ConfigurationCellsSource, timeZone: string): GridCells<typeof configurationsGrid> {
  return cellsWith(row, exportedValue(row), timeZone);
}
