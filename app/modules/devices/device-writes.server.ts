import type { Selectable, Transaction } from "kysely";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import type { Database, DeviceRegistrationsTable } from "~/db/types";
import { conflict, done, refused, type ActionOutcome } from "~/lib/action-outcome";
import { formatGridDateTime } from "~/lib/grid-date-format";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { lastChangeOf } from "~/modules/audit/record-history.server";
import { DEVICE_MESSAGES } from "./device-messages";
import { DEVICE_ACTIONS, DEVICE_ENTITY, deviceSnapshot } from "./device-record.server";

/**
 * DeRegister and Delete (dashboards spec §2.4-2.5, §4, §7 DELETE /{registrationId}[?hardDelete=true]):
 * a soft deregister makes the registration Inactive, a hard delete removes it. Each carries the
 * row's version as read (row_version): a registration someone changed since is refused, naming who
 * and when; so a double submit acts once. The change and its audit row are one transaction.
 */
export interface DeviceWriter {
  actor: UserClaims;
  timeZone: string;
  now: Date;
}

type Trx = Transaction<Database>;
type Row = Selectable<DeviceRegistrationsTable>;
type Change = (trx: Trx, row: Row) => Promise<ActionOutcome | "stale">;

async function staleAnswer(registrationId: number, timeZone: string): Promise<ActionOutcome> {
  const last = await lastChangeOf(DEVICE_ENTITY, String(registrationId));
  return conflict({ title: "Fail", message: last ? DEVICE_MESSAGES.changedBy(last.actor, formatGridDateTime(last.at, timeZone)) : DEVICE_MESSAGES.changed });
}

/** The row as read under the version check, then the change; a stale version is answered with who changed it. */
async function changeDevice(writer: DeviceWriter, registrationId: number, version: number, change: Change): Promise<ActionOutcome> {
  const outcome = await getDb()
    .transaction()
    .execute(async (trx): Promise<ActionOutcome | "stale"> => {
      const row = await trx.selectFrom("deviceRegistrations").selectAll().where("registrationId", "=", registrationId).executeTakeFirst();
      if (!row) return conflict({ title: "Fail", message: DEVICE_MESSAGES.gone });
      if (row.rowVersion !== version) return "stale";
      return change(trx, row);
    });
  return outcome === "stale" ? staleAnswer(registrationId, writer.timeZone) : outcome;
}

/** DeRegister: the registration becomes Inactive (soft delete). */
export function deregisterDevice(writer: DeviceWriter, registrationId: number, version: number): Promise<ActionOutcome> {
  return changeDevice(writer, registrationId, version, async (trx, row) => {
    if (row.isActive !== 1) return refused({ formErrors: [DEVICE_MESSAGES.alreadyInactive], message: { title: "Fail", message: DEVICE_MESSAGES.alreadyInactive } });
    const at = writer.now.toISOString();
    const updated = await trx
      .updateTable("deviceRegistrations")
      .set({ isActive: 0, lastModifiedDateTime: at, modifiedUserId: writer.actor.login, rowVersion: version + 1 })
      .where("registrationId", "=", registrationId)
      .where("rowVersion", "=", version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return "stale";
    const after: Row = { ...row, isActive: 0, lastModifiedDateTime: at, modifiedUserId: writer.actor.login };
    await recordAudit(trx, { actor: writer.actor.login, action: DEVICE_ACTIONS.deregister, entity: DEVICE_ENTITY, entityId: String(registrationId), before: deviceSnapshot(row), after: deviceSnapshot(after), at: writer.now });
    return done(DEVICE_MESSAGES.deregistered(registrationId));
  });
}

/** Delete: the registration is removed (hardDelete=true). */
export function deleteDevice(writer: DeviceWriter, registrationId: number, version: number): Promise<ActionOutcome> {
  return changeDevice(writer, registrationId, version, async (trx, row) => {
    const deleted = await trx.deleteFrom("deviceRegistrations").where("registrationId", "=", registrationId).where("rowVersion", "=", version).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return "stale";
    await recordAudit(trx, { actor: writer.actor.login, action: DEVICE_ACTIONS.delete, entity: DEVICE_ENTITY, entityId: String(registrationId), before: deviceSnapshot(row), after: null, at: writer.now });
    return done(DEVICE_MESSAGES.deleted(registrationId));
  });
}
