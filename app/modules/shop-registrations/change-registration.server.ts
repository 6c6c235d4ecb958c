import type { RowWriter } from "~/grid/versioned-row-action.server";
import { versionedChange, type AuditedChange, type STALE, type Trx } from "~/modules/audit/versioned-change.server";
import { conflict, type ActionOutcome } from "~/write-path/action-outcome";
import { REGISTRATION_MESSAGES } from "./registration-messages";
import { loadRegistration, REGISTRATION_ENTITY, type RegistrationRecord } from "./registration-record.server";

export type RegistrationChange = (trx: Trx, row: RegistrationRecord) => Promise<AuditedChange | ActionOutcome | typeof STALE>;

/**
 * A trust action's change of one registration read at `version` (versionedChange): refused when
 * someone changed it since, naming who and when; the change and its audit row in one transaction.
 */
export function changeRegistration(writer: RowWriter, id: number, version: number, action: string, apply: RegistrationChange): Promise<ActionOutcome> {
  return versionedChange<RegistrationRecord>({
    entity: REGISTRATION_ENTITY,
    entityId: String(id),
    action,
    version,
    actor: writer.actor.login,
    now: writer.now,
    timeZone: writer.timeZone,
    load: (trx) => loadRegistration(trx, id),
    versionOf: (row) => row.rowVersion,
    gone: conflict({ title: "Fail", message: REGISTRATION_MESSAGES.gone }),
    stale: REGISTRATION_MESSAGES,
    apply,
  });
}
