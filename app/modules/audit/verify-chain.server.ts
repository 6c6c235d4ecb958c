import { chainHash, type ChainedContent } from "~/db/audit-chain";
import { latestPruneMark } from "~/db/audit-retention.server";
import { getDatabase } from "~/db/db.server";
import { streamRows } from "~/db/row-stream/stream-rows.server";

/** The first row at which the chain breaks, and how. */
export interface BrokenLink {
  id: number;
  reason: string;
}

export interface ChainVerdict {
  /** Rows whose hash matched, in id order, before the first broken link (all of them when none). */
  verified: number;
  broken: BrokenLink | null;
  /** The log was pruned (decision 0088): the prune event whose mark the verified segment starts from. */
  prunedBy?: number;
}

type ChainedRow = ChainedContent & { id: number; hash: string | null | undefined };

/**
 * Walks the audit log in id order and recomputes each row's hash from its content and the hash
 * before it (decision 0084). A row edited by hand no longer matches its own hash; a row removed
 * leaves the next one chained to a hash that is not its predecessor's, so the next row fails.
 * Streams the rows, so the log's size does not matter to memory. A pruned log (decision 0088) is
 * verified from its newest prune event's mark: the first event kept, chained to the last removed.
 */
export async function verifyAuditChain(): Promise<ChainVerdict> {
  const database = getDatabase();
  const query = database.db.selectFrom("auditLog").selectAll().orderBy("id");
  // A pruned log starts where its newest prune event says: at the first event kept, chained to the last one removed.
  const mark = await latestPruneMark(database);
  const pruned = mark ? { prunedBy: mark.eventId } : {};
  let previousHash: string | null = null;
  let verified = 0;
  let first = true;
  for await (const batch of streamRows<ChainedRow>(query)) {
    for (const row of batch) {
      // When every event was removed, the prune event is the log's first and is chained to nothing, as a first event is.
      if (first && mark?.firstKeptId === row.id) previousHash = mark.previousHash;
      first = false;
      if (row.hash === undefined) throw new Error("The audit log has no hash column: start the portal once, or run npm run seed, to migrate it.");
      if (row.hash === null) return { verified, broken: { id: row.id, reason: "it has no hash" }, ...pruned };
      const expected = chainHash(previousHash, row);
      if (expected !== row.hash) {
        const reason = "its content or the row before it is not what was written (edited, removed or reordered)";
        return { verified, broken: { id: row.id, reason }, ...pruned };
      }
      previousHash = row.hash;
      verified++;
    }
  }
  return { verified, broken: null, ...pruned };
}
