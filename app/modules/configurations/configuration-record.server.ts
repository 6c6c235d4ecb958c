import { keyedTable } from "~/db/keyed-table.server";
import type { Row } from "~/db/types";
import { formatInstant } from "~/lib/date-format";
import type { AuditedRecord } from "~/modules/audit/audited-delete.server";
import { lastChangeOf } from "~/modules/audit/record-history.server";
import { newerChange } from "~/modules/audit/versioned-change.server";
import { maskedSecret } from "~/platform/configuration/secret-box.server";
import { CONFIGURATION_MESSAGES } from "./configuration-form";

/** What every configuration write shares: the table, the audit entity, the audit snapshot, the next version, the stale message. */
export const CONFIGURATION_TABLE = keyedTable("configurations", "configId");
export const CONFIGURATION_ENTITY = "configuration";
export const CONFIGURATION_ACTIONS = { create: "createConfiguration", update: "updateConfiguration", delete: "deleteConfiguration" } as const;
/** The audit value of an ENCRYPT entry given a new secret: says it changed, never what to. */
export const NEW_SECRET = "•••••••• (new value)";

export type ConfigurationRow = Row<"configurations">;
type Snapshot = Pick<
  ConfigurationRow,
  "configKey" | "configValueType" | "configValue" | "configGroup" | "configGroupValue" | "configDescription" | "productArea" | "isActive"
>;

/** A row's fields as its audit row records them; an ENCRYPT value is masked (neither the secret nor its ciphertext). */
export function auditSnapshot(row: Snapshot, options: { newSecret?: boolean } = {}): Record<string, unknown> {
  const secret = row.configValueType === "ENCRYPT";
  return {
    configKey: row.configKey,
    configValueType: row.configValueType,
    configValue: secret ? (options.newSecret ? NEW_SECRET : maskedSecret(row.configValue)) : row.configValue,
    configGroup: row.configGroup,
    configGroupValue: row.configGroupValue,
    configDescription: row.configDescription,
    productArea: row.productArea,
    isActive: row.isActive === 1,
  };
}

export const CONFIGURATION_RECORD: AuditedRecord<"configurations", "configId"> = {
  table: CONFIGURATION_TABLE,
  entity: CONFIGURATION_ENTITY,
  deleteAction: CONFIGURATION_ACTIONS.delete,
  snapshot: (row) => auditSnapshot(row),
};

/** A version after the previous one even when two saves fall in the same millisecond. */
export function nextVersion(previous: string, now: Date): string {
  return new Date(Math.max(now.getTime(), Date.parse(previous) + 1)).toISOString();
}

/**
 * Who changed an entry last and when: the newer of its newest audit row and the row's own
 * updatedBy and updatedDateTime (an entry no audited write has touched yet, the demo data, or one
 * whose SQLite id once belonged to a deleted entry with audit rows of its own). Read after the
 * transaction: SQLite has one connection.
 */
export async function staleMessage(configId: number, row: Pick<ConfigurationRow, "updatedBy" | "updatedDateTime"> | null, timeZone: string): Promise<string> {
  const audited = await lastChangeOf(CONFIGURATION_ENTITY, String(configId));
  const last = newerChange(row?.updatedBy ? { actor: row.updatedBy, at: row.updatedDateTime } : null, audited);
  return last ? CONFIGURATION_MESSAGES.changedBy(last.actor, formatInstant(last.at, timeZone, "configuration")) : CONFIGURATION_MESSAGES.changed;
}
