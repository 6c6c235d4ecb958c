import type { DialectName } from "../dialect";
import type { MigrationDb } from "./column-types";
import { chainHash, type ChainedContent } from "../audit-chain";

/** Rows hashed per read while the existing log is chained. */
const BACKFILL_ROWS = 1000;

/**
 * The audit log's hash chain (issue 29, decision 0084): a `hash` column, and the rows already
 * written chained in id order, so `npm run audit:verify` covers the whole log from the start.
 */
export function auditChainSchema(_dialect: DialectName) {
  return async function up(db: MigrationDb): Promise<void> {
    await db.schema.alterTable("audit_log").addColumn("hash", "text").execute();
    await chainExistingRows(db);
  };
}

/** Hashes every row of the audit log in id order, each chained to the one before. */
export async function chainExistingRows(db: MigrationDb): Promise<void> {
  let previousHash: string | null = null;
  let afterId = 0;
  for (;;) {
    const rows = (await db.selectFrom("auditLog").selectAll().where("id", ">", afterId).orderBy("id").limit(BACKFILL_ROWS).execute()) as Array<
      ChainedContent & { id: number }
    >;
    for (const row of rows) {
      previousHash = chainHash(previousHash, row);
      await db.updateTable("auditLog").set({ hash: previousHash }).where("id", "=", row.id).execute();
      afterId = row.id;
    }
    if (rows.length < BACKFILL_ROWS) return;
  }
}
