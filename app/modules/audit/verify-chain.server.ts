import { chainHash, type ChainedContent } from "~/db/audit-chain";
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
}

type ChainedRow = ChainedContent & { id: number; hash: string | null | undefined };

/**
 * Walks the audit log in id order and recomputes each row's hash from its content and the hash
 * before it (decision 0084). A row edited by hand no longer matches its own hash; a row removed
 * leaves the next one chained to a hash that is not its predecessor's, so the next row fails.
 * Streams the rows, so the log's size does not matter to memory.
 */
export async function verifyAuditChain(): Promise<ChainVerdict> {
  const query = getDatabase().db.selectFrom("auditLog").selectAll().orderBy("id");
  let previousHash: string | null = null;
  let verified = 0;
  for await (const batch of streamRows<ChainedRow>(query)) {
    for (const row of batch) {
      if (row.hash === undefined) throw new Error("The audit log has no hash column: start the portal once, or run npm run seed, to migrate it.");
      if (row.hash === null) return { verified, broken: { id: row.id, reason: "it has no hash" } };
      const expected = chainHash(previousHash, row);
      if (expected !== row.hash) {
        const reason = "its content or the row before it is not what was written (edited, removed or reordered)";
        return { verified, broken: { id: row.id, reason } };
      }
      previousHash = row.hash;
      verified++;
    }
  }
  return { verified, broken: null };
}
