import { SIGN_IN_ACTION } from "~/db/audit-events.server";
import { getDb } from "~/db/db.server";
import { formatInstant, type DateFormatName } from "~/lib/date-format";
import type { HistoryChange, HistoryEntry } from "./history";

/**
 * An admin record's History (DESIGN §6): its audit rows, newest first, each as who, when and what
 * changed field by field (before and after). Secret fields never show their values.
 */
export interface HistoryOptions {
  timeZone: string;
  /** How its times are written: a detail view's (the default), or the screen's own (the Configurations screen). */
  dateFormat?: DateFormatName;
  /** Field labels by key; a field without one shows its key. */
  labels?: Readonly<Record<string, string>>;
  /** Fields whose values are never shown (a changed secret reads as "(changed)"). */
  secretFields?: readonly string[];
  limit?: number;
  /**
   * Only changes from this instant (ISO), the record's creation: an id SQLite gave again after a
   * delete must not show the deleted record's changes.
   */
  since?: string;
}

export const HISTORY_LIMIT = 50;
const HIDDEN = "(hidden)";
const NOTHING = "—";

/** An audit value as an object of fields (a bare value as `value`; nothing for none or unreadable JSON). */
export function parseObject(json: string | null): Record<string, unknown> {
  if (json === null) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return {};
  }
}

function shown(value: unknown): string {
  if (value === undefined || value === null || value === "") return NOTHING;
  if (Array.isArray(value)) return value.length === 0 ? NOTHING : value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The fields that differ between two audit values, in the order they first appear. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  options: Pick<HistoryOptions, "labels" | "secretFields">,
): HistoryChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => {
      const secret = options.secretFields?.includes(key) ?? false;
      return {
        field: options.labels?.[key] ?? key,
        before: secret ? HIDDEN : shown(before[key]),
        after: secret ? HIDDEN : shown(after[key]),
      };
    });
}

export async function readRecordHistory(entity: string, entityId: string, options: HistoryOptions): Promise<HistoryEntry[]> {
  const rows = await getDb()
    .selectFrom("auditLog")
    .select(["id", "at", "actor", "action", "beforeValue", "afterValue"])
    .where("entity", "=", entity)
    .where("entityId", "=", entityId)
    // Changes made only: a refused write or a sign-in changed nothing (decision 0087).
    .where("outcome", "=", "done")
    .where("action", "!=", SIGN_IN_ACTION)
    .$if(options.since !== undefined, (query) => query.where("at", ">=", options.since ?? ""))
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit ?? HISTORY_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: formatInstant(row.at, options.timeZone, options.dateFormat ?? "detail"),
    actor: row.actor,
    action: row.action,
    changes: changedFields(parseObject(row.beforeValue), parseObject(row.afterValue), options),
  }));
}

/** Who last changed a record and when (its newest audit row), for a stale edit's message. */
export async function lastChangeOf(entity: string, entityId: string): Promise<{ actor: string; at: string } | null> {
  const row = await getDb()
    .selectFrom("auditLog")
    .select(["actor", "at"])
    .where("entity", "=", entity)
    .where("entityId", "=", entityId)
    .where("outcome", "=", "done")
    .where("action", "!=", SIGN_IN_ACTION)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ?? null;
}
