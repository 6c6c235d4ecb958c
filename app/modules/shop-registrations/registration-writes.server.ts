import type { RowWriter } from "~/grid/versioned-row-action.server";
import { changed, STALE, wroteOne } from "~/modules/audit/versioned-change.server";
import { done, refused, type ActionOutcome } from "~/write-path/action-outcome";
import { changeRegistration } from "./change-registration.server";
import { REGISTRATION_MESSAGES } from "./registration-messages";
import { REGISTRATION_ACTIONS, registrationSnapshot } from "./registration-record.server";

/**
 * DeRegister and Delete (dashboards spec §2.4, §4, §7 DELETE shopRegistration/{id}[?hardDelete=true]):
 * a soft deregister makes the registration Inactive, a hard delete removes it. The list reloads
 * after either (the redirect back to the same grid address).
 */

/** DeRegister: the registration becomes Inactive (soft delete). */
export function deregisterRegistration(writer: RowWriter, id: number, version: number): Promise<ActionOutcome> {
  return changeRegistration(writer, id, version, REGISTRATION_ACTIONS.deregister, async (trx, row) => {
    if (row.isActive !== 1)
      return refused({ formErrors: [REGISTRATION_MESSAGES.alreadyInactive], message: { title: "Fail", message: REGISTRATION_MESSAGES.alreadyInactive } });
    const at = writer.now.toISOString();
    const updated = await trx
      .updateTable("shopRegistrations")
      .set({ isActive: 0, lastModifiedDateTime: at, rowVersion: version + 1 })
      .where("id", "=", id)
      .where("rowVersion", "=", version)
      .executeTakeFirst();
    if (!wroteOne(updated)) return STALE;
    return changed(done(REGISTRATION_MESSAGES.deregistered(id)), {
      action: REGISTRATION_ACTIONS.deregister,
      before: registrationSnapshot(row),
      after: registrationSnapshot({ ...row, isActive: 0 }),
    });
  });
}

/** Delete: the registration is removed (hardDelete=true). */
export function deleteRegistration(writer: RowWriter, id: number, version: number): Promise<ActionOutcome> {
  return changeRegistration(writer, id, version, REGISTRATION_ACTIONS.delete, async (trx, row) => {
    const deleted = await trx.deleteFrom("shopRegistrations").where("id", "=", id).where("rowVersion", "=", version).executeTakeFirst();
    if (!wroteOne(deleted)) return STALE;
    return changed(done(REGISTRATION_MESSAGES.deleted(id)), { action: REGISTRATION_ACTIONS.delete, before: registrationSnapshot(row), after: null });
  });
}
