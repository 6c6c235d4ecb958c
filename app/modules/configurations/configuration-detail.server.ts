import { isAccessConfigurationKey, WRITE_PERMISSIONS } from "~/auth/authorization";
import { getDb } from "~/db/db.server";
import { rowByKey } from "~/db/keyed-table.server";
import { formatInstant } from "~/lib/date-format";
import { readRecordHistory } from "~/modules/audit/record-history.server";
import { maskedSecret } from "~/platform/configuration/secret-box.server";
import { CONFIGURATION_MESSAGES } from "./configuration-form";
import { CONFIGURATION_ENTITY, CONFIGURATION_TABLE } from "./configuration-record.server";
import type { ConfigurationDetail } from "./detail";

/** The History's field names as the form labels them. */
export const HISTORY_LABELS = {
  configKey: "Key",
  configValueType: "Value Type",
  configValue: "Value",
  configGroup: "Group",
  configGroupValue: "Group Value",
  configDescription: "Description",
  productArea: "Product Area",
  isActive: "Active",
} as const;

/**
 * A configuration entry's expanded row: its fields (never an ENCRYPT value), version and History,
 * read-only when it decides access and the reader may not change such entries.
 */
export async function findConfigurationDetail(configId: number, timeZone: string, mayChangeAccess: boolean): Promise<ConfigurationDetail | null> {
  const row = await rowByKey(getDb(), CONFIGURATION_TABLE, configId);
  if (!row) return null;
  const secret = row.configValueType === "ENCRYPT";
  const history = await readRecordHistory(CONFIGURATION_ENTITY, String(row.configId), {
    timeZone,
    dateFormat: "configuration",
    labels: HISTORY_LABELS,
    secretFields: secret ? ["configValue"] : [],
    since: row.createdDateTime,
  });
  return {
    configId: row.configId,
    configKey: row.configKey,
    configValueType: row.configValueType,
    value: secret ? null : (row.configValue ?? ""),
    storedSecret: secret ? maskedSecret(row.configValue) : null,
    configGroup: row.configGroup ?? "",
    configGroupValue: row.configGroupValue ?? "",
    configDescription: row.configDescription ?? "",
    productArea: row.productArea ?? "",
    isActive: row.isActive === 1,
    created: formatInstant(row.createdDateTime, timeZone, "configuration"),
    createdBy: row.createdBy ?? "",
    updated: formatInstant(row.updatedDateTime, timeZone, "configuration"),
    updatedBy: row.updatedBy ?? "",
    version: row.updatedDateTime,
    history,
    readOnlyReason:
      isAccessConfigurationKey(row.configKey) && !mayChangeAccess
        ? CONFIGURATION_MESSAGES.accessReadOnly(row.configKey, WRITE_PERMISSIONS.changeAccessConfiguration)
        : null,
  };
}
