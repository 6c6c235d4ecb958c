import type { Transaction } from "kysely";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import type { Database } from "~/db/types";
import { conflict, done, type ActionOutcome } from "~/lib/action-outcome";
import { parseForm } from "~/lib/parse-form.server";
import { refusedSubmission } from "~/lib/refused-submission";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { ETL_INTENTS, ETL_MESSAGES, ETL_TEXT_FIELDS, type EtlTextField } from "./etl-form";
import { etlFormSchema, type EtlForm } from "./etl-schema";
import { ETL_ACTIONS, ETL_ENTITY, etlSnapshot, etlStaleMessage, type EtlVariableRow } from "./etl-record.server";

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

type Trx = Transaction<Database>;
type Fields = Pick<EtlVariableRow, EtlTextField | "etlBatchId">;
type WriteResult = { kind: "saved" } | { kind: "stale"; row: EtlVariableRow | null } | { kind: "gone" };

const orNull = (text: string | undefined) => (text === undefined || text === "" ? null : text);

function fieldsOf(form: EtlForm): Fields {
  const texts = Object.fromEntries(Object.keys(ETL_TEXT_FIELDS).map((name) => [name, orNull(form[name as EtlTextField])])) as Pick<EtlVariableRow, EtlTextField>;
  const batch = orNull(form.etlBatchId);
  return { ...texts, etlBatchId: batch === null ? null : Number(batch) };
}

const isEmpty = (fields: Fields) => Object.values(fields).every((value) => value === null);

async function create(trx: Trx, writer: EtlWriter, fields: Fields, now: Date): Promise<WriteResult> {
  const at = now.toISOString();
  const { varId } = await trx
    .insertInto("etlVariables")
    .values({ ...fields, lastUpdateDate: at, lastUpdateUser: writer.actor.login, dateCreated: at, rowVersion: 1 })
    .returning("varId")
    .executeTakeFirstOrThrow();
  await recordAudit(trx, { actor: writer.actor.login, action: ETL_ACTIONS.create, entity: ETL_ENTITY, entityId: String(varId), before: null, after: etlSnapshot(fields), at: now });
  return { kind: "saved" };
}

async function update(trx: Trx, writer: EtlWriter, varId: number, version: number, fields: Fields, now: Date): Promise<WriteResult> {
  const row = await trx.selectFrom("etlVariables").selectAll().where("varId", "=", varId).executeTakeFirst();
  if (!row) return { kind: "gone" };
  if (row.rowVersion !== version) return { kind: "stale", row };
  const updated = await trx
    .updateTable("etlVariables")
    .set({ ...fields, lastUpdateDate: now.toISOString(), lastUpdateUser: writer.actor.login, rowVersion: version + 1 })
    .where("varId", "=", varId)
    .where("rowVersion", "=", version)
    .executeTakeFirst();
  // Another save between the read and this write: the same as a stale form.
  if (Number(updated.numUpdatedRows) !== 1) return { kind: "stale", row: null };
  await recordAudit(trx, { actor: writer.actor.login, action: ETL_ACTIONS.update, entity: ETL_ENTITY, entityId: String(varId), before: etlSnapshot(row), after: etlSnapshot(fields), at: now });
  return { kind: "saved" };
}

/** The ETL variable form's save: a new variable without varId, an edit of that variable with it. */
export async function saveEtlVariable(writer: EtlWriter, formData: FormData): Promise<ActionOutcome> {
  const intent = ETL_INTENTS.save;
  const submission = parseForm(formData, etlFormSchema);
  if (submission.status !== "success") return refusedSubmission(submission, { intent });
  const form = submission.value;
  const refuse = (formError: string) => refusedSubmission(submission, { intent, formErrors: [formError] });
  const fields = fieldsOf(form);
  // The spec's alert 'Error: No inputs...', also as the grid's pop-up for the expanded row's form.
  if (isEmpty(fields)) return { ...refuse(ETL_MESSAGES.noInputs), message: { title: ETL_MESSAGES.noInputsTitle, message: ETL_MESSAGES.noInputs } };
  const { varId, version } = form;
  if (varId !== undefined && version === undefined) return refuse(ETL_MESSAGES.versionRequired);

  const now = writer.now ?? new Date();
  const result = await getDb()
    .transaction()
    .execute((trx) => (varId === undefined ? create(trx, writer, fields, now) : update(trx, writer, varId, version ?? 0, fields, now)));
  switch (result.kind) {
    case "saved":
      return done(varId === undefined ? ETL_MESSAGES.added : ETL_MESSAGES.updated);
    case "gone":
      return conflict({ title: "Fail", message: ETL_MESSAGES.gone });
    case "stale":
      return conflict({ title: "Fail", message: await etlStaleMessage(varId ?? 0, result.row, writer.timeZone) });
  }
}

/** The form as one variable's edit: its varId is the row the grid checked, whatever the form said. */
export function asEditOf(form: FormData, varId: string): FormData {
  const copy = new FormData();
  for (const [name, value] of form) if (name !== "varId") copy.append(name, value);
  copy.set("varId", varId);
  return copy;
}

/** The form as a new variable: no varId and no version, whatever the form said. */
export function asNew(form: FormData): FormData {
  const copy = new FormData();
  for (const [name, value] of form) if (name !== "varId" && name !== "version") copy.append(name, value);
  return copy;
}
