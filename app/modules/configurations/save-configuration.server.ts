import type { Transaction } from "kysely";
import { WRITE_PERMISSIONS } from "~/auth/authorization";
import type { UserClaims } from "~/auth/user-claims";
import { recordRefusedWrite } from "~/db/audit-events.server";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import { rowByKey } from "~/db/keyed-table.server";
import type { ConfigValueType, Database, Flag } from "~/db/types";
import { forgetConfigurationReads } from "~/platform/configuration/configuration-values.server";
import { encryptSecret } from "~/platform/configuration/secret-box.server";
import { conflict, done, refused, type ActionOutcome } from "~/write-path/action-outcome";
import type { Writer } from "~/write-path/writer";
import { CONFIGURATION_INTENTS, CONFIGURATION_MESSAGES, type ConfigurationForm } from "./configuration-form";
import { accessEntryProblem, withEntry } from "./configuration-lock-out.server";
import {
  auditSnapshot,
  CONFIGURATION_ACTIONS,
  CONFIGURATION_ENTITY,
  CONFIGURATION_TABLE,
  nextVersion,
  staleMessage,
  type ConfigurationRow,
} from "./configuration-record.server";
import { KNOWN_KEYS, knownKeyProblem } from "./known-keys";
import { normaliseConfigurationValue } from "./value-types";

/**
 * Creating and updating a configuration entry (platform spec §4, §5, §8; DESIGN §6): the form
 * checked by zod, the value by its type and, for a key the portal reads, by the shape the portal
 * needs; on update the key and type stay, and the form's version must be the stored one. The row
 * and its audit row are written in one transaction; an ENCRYPT value is stored encrypted and an
 * empty one on update keeps the stored secret.
 */

type FieldErrors = Record<string, string[]>;
type Trx = Transaction<Database>;
/** The value to store: a new one (encrypted already for ENCRYPT), or the stored secret kept. */
type NewValue = { keep: false; stored: string; newSecret: boolean } | { keep: true };

function prepareValue(form: ConfigurationForm): { value: NewValue } | { fieldErrors: FieldErrors } {
  const text = form.configValue ?? "";
  if (form.configValueType === "ENCRYPT" && text === "") {
    return form.configId === undefined ? { fieldErrors: { configValue: [CONFIGURATION_MESSAGES.secretRequired] } } : { value: { keep: true } };
  }
  const checked = normaliseConfigurationValue(form.configValueType, text);
  if (!checked.ok) return { fieldErrors: { configValue: [checked.message] } };
  const known = KNOWN_KEYS[form.configKey];
  const problem = knownKeyProblem(form.configKey, form.configValueType, checked.value);
  if (problem) return { fieldErrors: known?.type !== form.configValueType ? { configValueType: [problem] } : { configValue: [problem] } };
  if (form.configValueType === "ENCRYPT") return { value: { keep: false, stored: encryptSecret(checked.value), newSecret: true } };
  return { value: { keep: false, stored: checked.value, newSecret: false } };
}

const orNull = (text: string | undefined) => (text === undefined || text === "" ? null : text);

function fieldsOf(form: ConfigurationForm) {
  return {
    configGroup: orNull(form.configGroup),
    configGroupValue: orNull(form.configGroupValue),
    configDescription: orNull(form.configDescription),
    productArea: orNull(form.productArea),
    isActive: (form.isActive ? 1 : 0) as Flag,
  };
}

/**
 * Why the actor may not make this change to an entry that decides access (changingRoleData, no
 * widening beyond the actor, no lock-out: configuration-lock-out.server.ts), or null. The entries
 * are read before the transaction.
 */
function accessProblem(actor: UserClaims, form: ConfigurationForm, value: NewValue): Promise<string | null> {
  const fields = fieldsOf(form);
  const stored = value.keep ? null : value.stored;
  const after =
    stored === null
      ? undefined
      : (before: Parameters<typeof withEntry>[0]) =>
          withEntry(before, {
            configId: form.configId ?? Number.MAX_SAFE_INTEGER,
            configValue: stored,
            configGroupValue: fields.configGroupValue,
            isActive: fields.isActive,
          });
  return accessEntryProblem(actor, [form.configKey], after);
}

/** Another entry of the same key and group value (the unique index would refuse it with an error). */
async function duplicateOf(trx: Trx, configKey: string, groupValue: string | null, exceptId: number | null): Promise<boolean> {
  let query = trx
    .selectFrom("configurations")
    .select("configId")
    .where("configKey", "=", configKey)
    .where((eb) =>
      groupValue === null ? eb.or([eb("configGroupValue", "is", null), eb("configGroupValue", "=", "")]) : eb("configGroupValue", "=", groupValue),
    );
  if (exceptId !== null) query = query.where("configId", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

type WriteResult =
  { kind: "saved" } | { kind: "refused"; fieldErrors: FieldErrors } | { kind: "stale"; configId: number; row: ConfigurationRow | null } | { kind: "gone" };

async function create(trx: Trx, writer: Writer, form: ConfigurationForm, value: NewValue & { keep: false }, now: Date): Promise<WriteResult> {
  const fields = fieldsOf(form);
  if (await duplicateOf(trx, form.configKey, fields.configGroupValue, null))
    return { kind: "refused", fieldErrors: { configKey: [CONFIGURATION_MESSAGES.duplicate] } };
  const at = now.toISOString();
  const row = { configKey: form.configKey, configValueType: form.configValueType, configValue: value.stored, ...fields };
  const { configId } = await trx
    .insertInto("configurations")
    .values({ ...row, createdDateTime: at, createdBy: writer.actor.login, updatedDateTime: at, updatedBy: writer.actor.login })
    .returning("configId")
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    actor: writer.actor.login,
    action: CONFIGURATION_ACTIONS.create,
    entity: CONFIGURATION_ENTITY,
    entityId: String(configId),
    before: null,
    after: auditSnapshot(row, { newSecret: value.newSecret }),
    at: now,
  });
  return { kind: "saved" };
}

function immutableChange(row: ConfigurationRow, form: ConfigurationForm): FieldErrors | null {
  if (row.configKey !== form.configKey) return { configKey: [CONFIGURATION_MESSAGES.keyFixed] };
  if (row.configValueType !== (form.configValueType satisfies ConfigValueType)) return { configValueType: [CONFIGURATION_MESSAGES.typeFixed] };
  return null;
}

async function update(trx: Trx, writer: Writer, form: ConfigurationForm & { configId: number }, value: NewValue, now: Date): Promise<WriteResult> {
  const row = await rowByKey(trx, CONFIGURATION_TABLE, form.configId);
  if (!row) return { kind: "gone" };
  const fixed = immutableChange(row, form);
  if (fixed) return { kind: "refused", fieldErrors: fixed };
  if (row.updatedDateTime !== form.version) return { kind: "stale", configId: row.configId, row };
  const fields = fieldsOf(form);
  if (await duplicateOf(trx, row.configKey, fields.configGroupValue, row.configId))
    return { kind: "refused", fieldErrors: { configGroupValue: [CONFIGURATION_MESSAGES.duplicate] } };
  const changes = { ...fields, configValue: value.keep ? row.configValue : value.stored };
  const updated = await trx
    .updateTable("configurations")
    .set({ ...changes, updatedDateTime: nextVersion(row.updatedDateTime, now), updatedBy: writer.actor.login, rowVersion: (eb) => eb("rowVersion", "+", 1) })
    .where("configId", "=", row.configId)
    .where("updatedDateTime", "=", row.updatedDateTime)
    .executeTakeFirst();
  // Another save between the read and this write: the same as a stale form.
  if (Number(updated.numUpdatedRows) !== 1) return { kind: "stale", configId: row.configId, row: null };
  await recordAudit(trx, {
    actor: writer.actor.login,
    action: CONFIGURATION_ACTIONS.update,
    entity: CONFIGURATION_ENTITY,
    entityId: String(row.configId),
    before: auditSnapshot(row),
    after: auditSnapshot({ ...row, ...changes }, { newSecret: !value.keep && value.newSecret }),
    at: now,
  });
  return { kind: "saved" };
}

/**
 * The configuration form's save, its form checked by its schema already (configuration-submission):
 * create without a configId, update with one. A refusal carries no values: the write path shows the
 * form again as it was sent, without its secret.
 */
export async function saveConfiguration(writer: Writer, form: ConfigurationForm): Promise<ActionOutcome> {
  const intent = CONFIGURATION_INTENTS.save;
  const refuse = (fieldErrors: FieldErrors, formErrors: string[] = []) => refused({ intent, fieldErrors, formErrors });
  if (form.configId !== undefined && !form.version) return refuse({}, [CONFIGURATION_MESSAGES.versionRequired]);
  const prepared = prepareValue(form);
  if ("fieldErrors" in prepared) return refuse(prepared.fieldErrors);
  const { value } = prepared;
  const now = writer.now ?? new Date();
  const action = form.configId === undefined ? CONFIGURATION_ACTIONS.create : CONFIGURATION_ACTIONS.update;
  const attempt = {
    actor: writer.actor.login,
    action,
    entity: CONFIGURATION_ENTITY,
    entityId: form.configId === undefined ? null : String(form.configId),
    at: now,
  };
  const problem = await accessProblem(writer.actor, form, value);
  if (problem) {
    // Refused for what the saver does not hold: who tried what, as an event of its own (decision 0087).
    await recordRefusedWrite({ ...attempt, message: problem, permission: WRITE_PERMISSIONS.changeAccessConfiguration });
    return refuse({ configValue: [problem] });
  }

  const { configId } = form;
  const result = await auditedTransaction((trx) => {
    if (configId !== undefined) return update(trx, writer, { ...form, configId }, value, now);
    // prepareValue refuses an ENCRYPT create without a value: keeping a secret needs a stored one.
    if (value.keep) throw new Error("A new configuration entry has no stored secret to keep.");
    return create(trx, writer, form, value, now);
  });
  forgetConfigurationReads();
  switch (result.kind) {
    case "saved":
      return done(CONFIGURATION_MESSAGES.saved);
    case "refused":
      return refuse(result.fieldErrors);
    case "gone":
      return conflict({ title: "Error", message: CONFIGURATION_MESSAGES.gone });
    case "stale": {
      const message = await staleMessage(result.configId, result.row, writer.timeZone);
      await recordRefusedWrite({ ...attempt, message });
      return conflict({ title: "Error", message });
    }
  }
}
