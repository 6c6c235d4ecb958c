import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getDb } from "~/db/db.server";
import type { ResendOutcome } from "./outcome";

/**
 * The one-time token of a resend form. The first POST claims it by inserting its row (the primary
 * key makes the claim atomic on both databases); a repeated POST of the same form finds the row
 * and is answered with the stored outcome, so each document is sent once.
 */

/** Claimed tokens are kept this long, then removed by a later claim. */
export const TOKEN_RETENTION_MS = 7 * 24 * 3_600_000;

const outcomeSchema = z.object({ title: z.string(), message: z.string(), lines: z.array(z.string()) });

function parseOutcome(json: string): ResendOutcome | null {
  try {
    const parsed = outcomeSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function newResendToken(): string {
  return randomBytes(32).toString("base64url");
}

export type TokenClaim =
  | { kind: "claimed" }
  | { kind: "finished"; outcome: ResendOutcome }
  | { kind: "running" }
  /** Claimed by another user: not this user's form. */
  | { kind: "foreign" };

export async function claimToken(token: string, userId: string, now: Date): Promise<TokenClaim> {
  const db = getDb();
  await db.deleteFrom("resendRequests").where("createdAt", "<", new Date(now.getTime() - TOKEN_RETENTION_MS).toISOString()).execute();
  const inserted = await db
    .insertInto("resendRequests")
    .values({ token, userId, createdAt: now.toISOString(), finishedAt: null, result: null })
    .onConflict((conflict) => conflict.column("token").doNothing())
    .returning("token")
    .executeTakeFirst();
  if (inserted) return { kind: "claimed" };
  return readClaim(token, userId);
}

export async function readClaim(token: string, userId: string): Promise<TokenClaim> {
  const row = await getDb().selectFrom("resendRequests").select(["userId", "result"]).where("token", "=", token).executeTakeFirst();
  if (!row || row.userId !== userId) return { kind: "foreign" };
  const outcome = row.result === null ? null : parseOutcome(row.result);
  return outcome ? { kind: "finished", outcome } : { kind: "running" };
}

export async function finishToken(token: string, outcome: ResendOutcome, now: Date): Promise<void> {
  await getDb()
    .updateTable("resendRequests")
    .set({ result: JSON.stringify(outcome), finishedAt: now.toISOString() })
    .where("token", "=", token)
    .execute();
}

/** The stored outcome of this user's finished resend, or null. */
export async function finishedOutcome(token: string, userId: string): Promise<ResendOutcome | null> {
  const claim = await readClaim(token, userId);
  return claim.kind === "finished" ? claim.outcome : null;
}
