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

/** Whether this user's form (its token) has been claimed already: running or finished. */
export async function isClaimedBy(token: string, userId: string): Promise<boolean> {
  return (await readClaim(token, userId)).kind !== "foreign";
}

export async function finishToken(token: string, outcome: ResendOutcome, now: Date): Promise<void> {
  await getDb()
    .updateTable("resendRequests")
    .set({ result: JSON.stringify(outcome), finishedAt: now.toISOString() })
    .where("token", "=", token)
    .execute();
}

/** How long a repeated form waits for the first one's outcome before saying it is still running. */
export const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 250;

/** The outcome of a resend another request of the same form is running, once it is stored; null after waitMs. */
export async function waitForOutcome(token: string, userId: string, waitMs: number): Promise<ResendOutcome | null> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const claim = await readClaim(token, userId);
    if (claim.kind === "finished") return claim.outcome;
  }
  return null;
}

export interface OnceOptions {
  now: () => Date;
  waitForFirstMs: number;
  /** The answer when the first request of the form is still running after waitForFirstMs. */
  stillRunning: ResendOutcome;
}

/**
 * Runs a resend once per form: the request that claims the token runs it and stores its outcome;
 * a repeated one gets the stored outcome (waiting for it a while), and another user's token is
 * "foreign" (nothing runs).
 */
export async function runOnce(
  token: string,
  userId: string,
  options: OnceOptions,
  run: () => Promise<ResendOutcome>,
): Promise<{ kind: "foreign" } | { kind: "done"; outcome: ResendOutcome }> {
  const claim = await claimToken(token, userId, options.now());
  switch (claim.kind) {
    case "foreign":
      return { kind: "foreign" };
    case "finished":
      return { kind: "done", outcome: claim.outcome };
    case "running":
      return { kind: "done", outcome: (await waitForOutcome(token, userId, options.waitForFirstMs)) ?? options.stillRunning };
    case "claimed":
      break;
  }
  const outcome = await run();
  await finishToken(token, outcome, options.now());
  return { kind: "done", outcome };
}

/** The stored outcome of this user's finished resend, or null. */
export async function finishedOutcome(token: string, userId: string): Promise<ResendOutcome | null> {
  const claim = await readClaim(token, userId);
  return claim.kind === "finished" ? claim.outcome : null;
}
