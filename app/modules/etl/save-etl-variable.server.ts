import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import { rowByKey } from "~/db/keyed-table.server";
import type { RowWriter } from "~/grid/versioned-row-action.server";
import { changed, STALE, versionedChange, wroteOne, type Trx } from "~/modules/audit/versioned-change.server";
import { conflict, done, refused, type ActionOutcome, type RefusedOutcome } from "~/write-path/action-outcome";
import type { Writer } from "~/write-path/writer";
import { ETL_INTENTS, ETL_MESSAGES, ETL_TEXT_FIELDS, type EtlTextField } from "./etl-form";
import { ETL_ACTIONS, ETL_ENTITY, ETL_TABLE, etlSnapshot, lastEtlChange, type EtlVariableRow } from "./etl-record.server";
import type { EtlFields } from "./etl-schema";

/**
 * Adding and editing an ETL variable (dashboards spec §5, §8; DESIGN §6): every field trimmed,
 * an empty one stored as null, a form with no field at all refused ('No inputs'), Batch Id a whole
 * number. An edit is read at the row's version (rowVersion) as stored; the row and its audit row
 * are written in one transaction. Var Id and the dates are the server's: last update by the actor, now.
 */
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

async function create(trx: Trx, writer: Writer, fields: Fields, now: Date): Promise<void> {
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

/** The form's fields, read by its schema already, empties as null; refused when nothing is left ('No inputs'). */
function checkEtlFields(form: EtlFields): Checked {
  const fields = fieldsOf(form);
  const noInputs = { title: ETL_MESSAGES.noInputsTitle, message: ETL_MESSAGES.noInputs };
  // The spec's alert 'Error: No inputs...', also as the grid's pop-up for the expanded row's form.
  if (isEmpty(fields)) return { kind: "refused", outcome: refused({ intent: ETL_INTENTS.save, formErrors: [ETL_MESSAGES.noInputs], message: noInputs }) };
  return { kind: "ok", fields };
}

/** The expanded row's Save: the variable's fields, if the form was read at its stored version. */
export async function saveEtlVariable(writer: RowWriter, varId: number, version: number, form: EtlFields): Promise<ActionOutcome> {
  const checked = checkEtlFields(form);
  if (checked.kind === "refused") return checked.outcome;
  const { now } = writer;
  const { fields } = checked;
  return versionedChange<EtlVariableRow>({
    entity: ETL_ENTITY,
    entityId: String(varId),
    action: ETL_ACTIONS.update,
    version,
    actor: writer.actor.login,
    now,
    timeZone: writer.timeZone,
    load: (trx) => rowByKey(trx, ETL_TABLE, varId),
    versionOf: (row) => row.rowVersion,
    gone: conflict({ title: "Fail", message: ETL_MESSAGES.gone }),
    stale: ETL_MESSAGES,
    lastChange: lastEtlChange,
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
 * Add New Etl Variable: a new variable. A variable has no key that would refuse a second copy; the
 * form's one-time token (createOnce, decision 0079) makes a repeated POST add nothing.
 */
export async function addEtlVariable(writer: Writer, form: EtlFields): Promise<ActionOutcome> {
  const checked = checkEtlFields(form);
  if (checked.kind === "refused") return checked.outcome;
  await auditedTransaction((trx) => create(trx, writer, checked.fields, writer.now ?? new Date()));
  return done(ETL_MESSAGES.added);
}
