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

/** An instant as the records store it (ISO, UTC). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;

/** A changed value as the viewer reads it: an instant in their zone, as a detail view writes it; anything else as it is. */
function readable(value: string, timeZone: string): string {
  return ISO_INSTANT.test(value) ? formatInstant(value, timeZone, "detail") : value;
}

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
  // An event that changed nothing (a refusal, a sign-in) states its reason and a few facts.
  const stated = typeof note === "string" && row.beforeValue === null;
  const labels = fieldLabels(row.entity);
  const secrets = secretFieldsOf(row.entity, before, after);
  const facts = stated
    ? Object.entries(after).map(([field, value]) => ({
        label: labels[field] ?? field,
        value: secrets.includes(field) ? "(hidden)" : typeof value === "string" ? value : JSON.stringify(value),
      }))
    : [];
  const changes = stated
    ? []
    : changedFields(before, after, { labels, secretFields: secrets }).map((change) => ({
        ...change,
        before: readable(change.before, timeZone),
        after: readable(change.after, timeZone),
      }));
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
    facts,
    link: await recordLink({ signedIn, timeZone }, row.entity, row.entityId),
    requestId: row.requestId,
  };
}
