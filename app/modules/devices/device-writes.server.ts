import type { Selectable } from "kysely";
import type { DeviceRegistrationsTable } from "~/db/types";
import type { RowWriter } from "~/grid/versioned-row-action.server";
import { changed, STALE, versionedChange, wroteOne, type AuditedChange, type Trx } from "~/modules/audit/versioned-change.server";
import { conflict, done, refused, type ActionOutcome } from "~/write-path/action-outcome";
import { DEVICE_MESSAGES } from "./device-messages";
import { DEVICE_ACTIONS, DEVICE_ENTITY, deviceSnapshot } from "./device-record.server";

/**
 * DeRegister and Delete (dashboards spec §2.4-2.5, §4, §7 DELETE /{registrationId}[?hardDelete=true]):
 * a soft deregister makes the registration Inactive, a hard delete removes it. Each carries the
 * row's version as read (row_version): a registration someone changed since is refused, naming who
 * and when; so a double submit acts once. The change and its audit row are one transaction
 * (versionedChange).
 */

type Row = Selectable<DeviceRegistrationsTable>;
type Change = (trx: Trx, row: Row) => Promise<AuditedChange | ActionOutcome | typeof STALE>;

function changeDevice(writer: RowWriter, registrationId: number, version: number, action: string, apply: Change): Promise<ActionOutcome> {
  return versionedChange<Row>({
    entity: DEVICE_ENTITY,
    entityId: String(registrationId),
    action,
    version,
    actor: writer.actor.login,
    now: writer.now,
    timeZone: writer.timeZone,
    load: (trx) => trx.selectFrom("deviceRegistrations").selectAll().where("registrationId", "=", registrationId).executeTakeFirst(),
    versionOf: (row) => row.rowVersion,
    gone: conflict({ title: "Fail", message: DEVICE_MESSAGES.gone }),
    stale: DEVICE_MESSAGES,
    apply,
  });
}

/** DeRegister: the registration becomes Inactive (soft delete). */
export function deregisterDevice(writer: RowWriter, registrationId: number, version: number): Promise<ActionOutcome> {
  return changeDevice(writer, registrationId, version, DEVICE_ACTIONS.deregister, async (trx, row) => {
    if (row.isActive !== 1)
      return refused({ formErrors: [DEVICE_MESSAGES.alreadyInactive], message: { title: "Fail", message: DEVICE_MESSAGES.alreadyInactive } });
    const at = writer.now.toISOString();
    const updated = await trx
      .updateTable("deviceRegistrations")
      .set({ isActive: 0, lastModifiedDateTime: at, modifiedUserId: writer.actor.login, rowVersion: version + 1 })
      .where("registrationId", "=", registrationId)
      .where("rowVersion", "=", version)
      .executeTakeFirst();
    if (!wroteOne(updated)) return STALE;
    const after: Row = { ...row, isActive: 0, lastModifiedDateTime: at, modifiedUserId: writer.actor.login };
    return changed(done(DEVICE_MESSAGES.deregistered(registrationId)), {
      action: DEVICE_ACTIONS.deregister,
      before: deviceSnapshot(row),
      after: deviceSnapshot(after),
    });
  });
}

/** Delete: the registration is removed (hardDelete=true). */
export function deleteDevice(writer: RowWriter, registrationId: number, version: number): Promise<ActionOutcome> {
  return changeDevice(writer, registrationId, version, DEVICE_ACTIONS.delete, async (trx, row) => {
    const deleted = await trx
      .deleteFrom("deviceRegistrations")
      .where("registrationId", "=", registrationId)
      .where("rowVersion", "=", version)
      .executeTakeFirst();
    if (!wroteOne(deleted)) return STALE;
    return changed(done(DEVICE_MESSAGES.deleted(registrationId)), { action: DEVICE_ACTIONS.delete, before: deviceSnapshot(row), after: null });
  });
}
