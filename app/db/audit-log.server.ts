import { sql, type Transaction } from "kysely";
import { currentRequestContext } from "~/lib/request-context.server";
import { chainHash, type ChainedContent } from "./audit-chain";
import type { PortalDatabase } from "./connect.server";
import { getDatabase } from "./db.server";
import type { AuditOutcome, Database } from "./types";

export interface AuditEntry {
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  at: Date;
  /** 'done' when not given: a change made. A refused write or a failed sign-in says so (decision 0086). */
  outcome?: AuditOutcome;
}

/**
 * Any fixed number: the key of PostgreSQL's transaction-level advisory lock that puts appends to
 * the audit log's chain one after another (two transactions reading the same last hash would
 * fork it). SQLite's writers are one at a time already (BEGIN IMMEDIATE).
 */
const AUDIT_CHAIN_LOCK = 2_920_261_130;

/** Transactions opened by auditedTransaction: the only ones recordAudit writes in. */
const audited = new WeakSet<Transaction<Database>>();

/**
 * A write transaction that records audit rows. On PostgreSQL it takes the chain's lock as its
 * first statement: taken later, after the transaction has locked rows, two writers could each
 * wait for what the other holds (a deadlock). So auditing writers follow one another on
 * PostgreSQL; they are few and short, and none waits on the network inside its transaction.
 */
export function auditedTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>, database: PortalDatabase = getDatabase()): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    if (database.dialect === "postgres") await sql`select pg_advisory_xact_lock(${sql.lit(AUDIT_CHAIN_LOCK)})`.execute(trx);
    audited.add(trx);
    return work(trx);
  });
}

const jsonText = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * One audit row (who, what, before, after, when), written in the caller's transaction, chained to
 * the row before it (decision 0084): its hash covers its content and that row's hash.
 */
export async function recordAudit(trx: Transaction<Database>, entry: AuditEntry): Promise<void> {
  if (!audited.has(trx)) throw new Error("recordAudit writes only in a transaction of auditedTransaction (the chain's lock comes first).");
  const last = await trx.selectFrom("auditLog").select("hash").orderBy("id", "desc").limit(1).executeTakeFirst();
  const outcome = entry.outcome ?? "done";
  const content: ChainedContent = {
    at: entry.at.toISOString(),
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    beforeValue: jsonText(entry.before),
    afterValue: jsonText(entry.after),
    requestId: currentRequestContext()?.requestId ?? null,
    outcome,
  };
  await trx
    .insertInto("auditLog")
    .values({ ...content, outcome, hash: chainHash(last?.hash ?? null, content) })
    .execute();
}
