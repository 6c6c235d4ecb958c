import { createHash } from "node:crypto";
import stableStringify from "fast-json-stable-stringify";

/**
 * The audit log's hash chain (issue 29, decision 0084): each row carries the hash of its content
 * and of the row before it, so a row edited or removed after it was written breaks the chain at
 * that row. Both the writer (recordAudit) and the verifier (npm run audit:verify) compute a row's
 * hash here, from its content as the database gives it back.
 */
export interface ChainedContent {
  at: string;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  /** JSON text as stored: PostgreSQL's jsonb gives back its own spacing and key order, so it is canonicalised. */
  beforeValue: string | null;
  afterValue: string | null;
  requestId: string | null;
  /**
   * The event's outcome (migration 0013, decision 0086); absent on rows read before that migration.
   * 'done', the outcome of every row written before it, is hashed as its absence, so those rows
   * keep their hashes; any other outcome is hashed after the rest, so changing it breaks the link.
   */
  outcome?: string | null;
}

/** The outcome of a change made: hashed as no outcome at all, as every row before migration 0013 was. */
const DONE = "done";

/** JSON with object keys sorted, so the same value has one text whatever order or spacing stored it. */
const canonicalText = (text: string | null) => (text === null ? null : stableStringify(JSON.parse(text)));

/** The hash of a row: SHA-256 (hex) of the previous row's hash and the row's content. */
export function chainHash(previousHash: string | null, row: ChainedContent): string {
  const content = [row.at, row.actor, row.action, row.entity, row.entityId, canonicalText(row.beforeValue), canonicalText(row.afterValue), row.requestId];
  if (row.outcome !== undefined && row.outcome !== null && row.outcome !== DONE) content.push(row.outcome);
  return createHash("sha256")
    .update(previousHash ?? "")
    .update("\n")
    .update(JSON.stringify(content))
    .digest("hex");
}
