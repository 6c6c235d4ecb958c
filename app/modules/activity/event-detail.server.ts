import type { SignedIn } from "~/auth/user-session.server";
import { getDb } from "~/db/db.server";
import { formatInstant } from "~/lib/date-format";
import { parseRecordId } from "~/lib/record-id";
import { changedFields, parseObject } from "~/modules/audit/record-history.server";
import type { ActivityEventDetail } from "./event-detail";
import { actionWords, entityWords, outcomeWords } from "./event-words";
import { fieldLabels, secretFieldsOf } from "./field-labels.server";
import { recordLink } from "./record-links.server";

/** The field a refused write's or a sign-in's event states its reason in (activity-events.server.ts). */
export const EVENT_NOTE_FIELD = "message";

/**
 * An event's expanded row: who, when, what, the change field by field (before → after, secrets
 * never: record-history's changedFields with the record's own labels), the note of a refusal or
 * sign-in, and the link to the record's own row while it exists. Null for an id that is no event.
 */
export async function findActivityEventDetail(rowId: string, signedIn: SignedIn, timeZone: string): Promise<ActivityEventDetail | null> {
  const id = parseRecordId(rowId);
  if (id === null) return null;
  const row = await getDb().selectFrom("auditLog").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const before = parseObject(row.beforeValue);
  const { [EVENT_NOTE_FIELD]: note, ...after } = parseObject(row.afterValue);
  const changes = changedFields(before, after, { labels: fieldLabels(row.entity), secretFields: secretFieldsOf(row.entity, before, after) });
  return {
    id: row.id,
    at: formatInstant(row.at, timeZone, "detail"),
    actor: row.actor,
    action: actionWords(row.action),
    entity: entityWords(row.entity),
    entityId: row.entityId,
    outcome: outcomeWords(row.outcome),
    note: typeof note === "string" ? note : null,
    changes,
    link: await recordLink(signedIn, row.entity, row.entityId),
    requestId: row.requestId,
  };
}
