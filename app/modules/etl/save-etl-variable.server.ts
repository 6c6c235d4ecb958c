import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { changed, STALE, versionedChange, wroteOne, type Trx } from "~/modules/audit/versioned-change.server";
import { newFormToken, runOnce, WAIT_FOR_FIRST_MS, type FormOutcome } from "~/modules/forms/one-time-form.server";
import { conflict, done, refused, type ActionOutcome, type RefusedOutcome } from "~/write-path/action-outcome";
import { ETL_INTENTS, ETL_MESSAGES, ETL_TEXT_FIELDS, type EtlTextField } from "./etl-form";
import { ETL_ACTIONS, ETL_ENTITY, etlSnapshot, newerChange, type EtlVariableRow } from "./etl-record.server";
import type { EtlForm, EtlFields } from "./etl-schema";

/**
 * Adding and editing an ETL variable (dashboards spec §5, §8; DESIGN §6): every field trimmed,
 * an empty one stored as null, a form with no field at all refused ('No inputs'), Batch Id a whole
 * number. An edit must carry the row's version (rowVersion) as stored; the row and its audit row
 * are written in one transaction. Var Id and the dates are the server's: last update by the actor, now.
 */
export interface EtlWriter {
  actor: UserClaims;
  /** For the stale message's date. */
  timeZone: string;
  now?: Date;
}

const ETL_FORM_PURPOSE = "etlVariable";
type Fields = Pick<EtlVariableRow, EtlTextField | "etlBatchId">;

const orNull = (text: string | undefined) => (text === undefined || text === "" ? null : text);

function fieldsOf(form: EtlFields): Fields {
  const texts = Object.fromEntries(Object.keys(ETL_TEXT_FIELDS).map((name) => [name, orNull(form[name as EtlTextField])])) as Pick<
    EtlVariableRow,
    EtlTextField
  >;
  const batch = orNull(form.etlBatchId);
  return { ...texts, etlBatchId: batch === null ? null : Number(batch) };
}

const isEmpty = (fields: Fields) => Object.values(fields).every((value) => value === null);

async function create(trx: Trx, writer: EtlWriter, fields: Fields, now: Date): Promise<void> {
  const at = now.toISOString();
  const { varId } = await trx
    .insertInto("etlVariables")
    .values({ ...fields, lastUpdateDate: at, lastUpdateUser: writer.actor.login, dateCreated: at, rowVersion: 1 })
    .returning("varId")
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    actor: writer.actor.login,
    action: ETL_ACTIONS.create,
    entity: ETL_ENTITY,
    entityId: String(varId),
    before: null,
    after: etlSnapshot(fields),
    at: now,
  });
}

type Checked = { kind: "ok"; fields: Fields } | { kind: "refused"; outcome: RefusedOutcome };

const refuse = (formError: string) => refused({ intent: ETL_INTENTS.save, formErrors: [formError] });

/** The form's fields, read by its schema already, empties as null; refused when nothing is left ('No inputs'). */
function checkEtlFields(form: EtlFields): Checked {
  const fields = fieldsOf(form);
  // The spec's alert 'Error: No inputs...', also as the grid's pop-up for the expanded row's form.
  if (isEmpty(fields))
    return { kind: "refused", outcome: { ...refuse(ETL_MESSAGES.noInputs), message: { title: ETL_MESSAGES.noInputsTitle, message: ETL_MESSAGES.noInputs } } };
  return { kind: "ok", fields };
}

/** The expanded row's Save: the variable's fields, if the form was read at its stored version. */
export async function saveEtlVariable(writer: EtlWriter, form: EtlForm & { varId: number }): Promise<ActionOutcome> {
  const checked = checkEtlFields(form);
  if (checked.kind === "refused") return checked.outcome;
  const { varId, version } = form;
  if (version === undefined) return refuse(ETL_MESSAGES.versionRequired);
  const now = writer.now ?? new Date();
  const { fields } = checked;
  return versionedChange<EtlVariableRow>({
    entity: ETL_ENTITY,
    entityId: String(varId),
    version,
    actor: writer.actor.login,
    now,
    timeZone: writer.timeZone,
    load: (trx) => trx.selectFrom("etlVariables").selectAll().where("varId", "=", varId).executeTakeFirst(),
    versionOf: (row) => row.rowVersion,
    gone: conflict({ title: "Fail", message: ETL_MESSAGES.gone }),
    stale: ETL_MESSAGES,
    lastChange: newerChange,
    apply: async (trx, row) => {
      const updated = await trx
        .updateTable("etlVariables")
        .set({ ...fields, lastUpdateDate: now.toISOString(), lastUpdateUser: writer.actor.login, rowVersion: version + 1 })
        .where("varId", "=", varId)
        .where("rowVersion", "=", version)
        .executeTakeFirst();
      if (!wroteOne(updated)) return STALE;
      return changed(done(ETL_MESSAGES.updated), { action: ETL_ACTIONS.update, before: etlSnapshot(row), after: etlSnapshot(fields) });
    },
  });
}

/**
 * Add New Etl Variable: a new variable, once per form. A variable has no key that would refuse a
 * second copy, so the form carries a one-time token (one-time-form.server.ts): a repeated POST of
 * the same form (a double click, Back and send again) gets the first answer and adds nothing. A
 * refused form does not use its token up; a token not issued to this user adds nothing.
 */
export async function addEtlVariable(writer: EtlWriter, form: EtlFields, token: string): Promise<ActionOutcome> {
  const checked = checkEtlFields(form);
  if (checked.kind === "refused") return checked.outcome;
  const clock = () => writer.now ?? new Date();
  const stillRunning: FormOutcome = { title: "Fail", message: ETL_MESSAGES.stillAdding, lines: [] };
  const once = await runOnce(ETL_FORM_PURPOSE, token, writer.actor.id, { now: clock, waitForFirstMs: WAIT_FOR_FIRST_MS, stillRunning }, async () => {
    await getDb()
      .transaction()
      .execute((trx) => create(trx, writer, checked.fields, clock()));
    return { ...ETL_MESSAGES.added, lines: [] };
  });
  if (once.kind === "foreign") return refuse(ETL_MESSAGES.formNotIssued);
  const { title, message } = once.outcome;
  return title === ETL_MESSAGES.added.title ? done({ title, message }) : conflict({ title, message });
}

/** A token for one Add New Etl Variable form of this user. */
export function newEtlFormToken(userId: string): string {
  return newFormToken(ETL_FORM_PURPOSE, userId);
}
