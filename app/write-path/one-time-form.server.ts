import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getAuthSettings } from "~/auth/auth-settings.server";
import { getDb } from "~/db/db.server";
import { log } from "~/lib/logger.server";
/**
 * What a form that acts once answered: the pop-up's title, message and lines, kept for a repeated
 * POST; a create form (create-once.server.ts) keeps its outcome's kind and where it went next too.
 */
export interface FormOutcome {
  title: string;
  message: string;
  lines: string[];
  kind?: "done" | "conflict" | "failed";
  back?: string;
}

/**
 * The kinds of forms that act once: the resends, the bulk role form and every create form (Add New
 * Etl Variable, Add Configuration, Add new provider: decision 0079); a token of one kind is no token
 * for another.
 */
export type FormPurpose = "resend" | "roleAssignment" | "etlVariable" | "configuration" | "provider";

/**
 * The one-time token of a form that must act once (a resend, a bulk role assignment), issued by
 * the server for one user and one purpose: 8 random bytes, the
 * instant it expires (whole seconds, 4 bytes) and an HMAC-SHA256 of both, the purpose and the user
 * id under the session secret (cut to 20 bytes): 32 bytes, 43 base64url characters. A token the server did not
 * issue, or issued to another user or for another kind of form, is refused before anything acts;
 * so is an expired one,
 * unless it is a repeat of a form already claimed.
 *
 * The first POST claims it by inserting its row (the primary key makes the claim atomic on both
 * databases); a repeated POST of the same form finds the row and is answered with the stored
 * outcome, so the form acts once.
 */

/** A form can be sent this long after its page was shown: as long as a sign-in lasts at most. */
export const TOKEN_LIFETIME_MS = 8 * 3_600_000;
/** Claimed tokens are kept this long, then removed by a later claim: longer than a token is valid, so no token can be claimed twice. */
export const TOKEN_RETENTION_MS = 7 * 24 * 3_600_000;

const NONCE_BYTES = 8;
const EXPIRY_BYTES = 4;
const MAC_BYTES = 20;
const PAYLOAD_BYTES = NONCE_BYTES + EXPIRY_BYTES;

function macOf(purpose: FormPurpose, payload: Buffer, userId: string): Buffer {
  return createHmac("sha256", getAuthSettings().sessionSecret)
    .update(`portal ${purpose} form\0`)
    .update(userId)
    .update("\0")
    .update(payload)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** A new form token for this user and kind of form, good for TOKEN_LIFETIME_MS. */
export function newFormToken(purpose: FormPurpose, userId: string, now: Date = new Date()): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  randomBytes(NONCE_BYTES).copy(payload);
  payload.writeUInt32BE(Math.floor((now.getTime() + TOKEN_LIFETIME_MS) / 1000), NONCE_BYTES);
  return Buffer.concat([payload, macOf(purpose, payload, userId)]).toString("base64url");
}

export type TokenCheck = "valid" | "expired" | "invalid";

/** Whether the server issued this token to this user for this kind of form, and whether it is still good. */
export function checkFormToken(purpose: FormPurpose, token: string, userId: string, now: Date): TokenCheck {
  const bytes = Buffer.from(token, "base64url");
  // Only the one spelling the server writes: two spellings of the same bytes would be two claims.
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES || bytes.toString("base64url") !== token) return "invalid";
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), macOf(purpose, payload, userId))) return "invalid";
  return payload.readUInt32BE(NONCE_BYTES) * 1000 <= now.getTime() ? "expired" : "valid";
}

const outcomeSchema = z.object({
  title: z.string(),
  message: z.string(),
  lines: z.array(z.string()),
  kind: z.enum(["done", "conflict", "failed"]).optional(),
  back: z.string().optional(),
});

function parseOutcome(json: string): FormOutcome | null {
  try {
    const parsed = outcomeSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type TokenClaim =
  | { kind: "claimed" }
  | { kind: "finished"; outcome: FormOutcome }
  | { kind: "running" }
  /** Claimed by another user: not this user's form. */
  | { kind: "foreign" };

export async function claimToken(purpose: FormPurpose, token: string, userId: string, now: Date): Promise<TokenClaim> {
  const db = getDb();
  await db
    .deleteFrom("formSubmissions")
    .where("createdAt", "<", new Date(now.getTime() - TOKEN_RETENTION_MS).toISOString())
    .execute();
  const inserted = await db
    .insertInto("formSubmissions")
    .values({ token, purpose, userId, createdAt: now.toISOString(), finishedAt: null, result: null })
    .onConflict((conflict) => conflict.column("token").doNothing())
    .returning("token")
    .executeTakeFirst();
  if (inserted) return { kind: "claimed" };
  return readClaim(token, userId);
}

export async function readClaim(token: string, userId: string): Promise<TokenClaim> {
  const row = await getDb().selectFrom("formSubmissions").select(["userId", "result"]).where("token", "=", token).executeTakeFirst();
  if (!row || row.userId !== userId) return { kind: "foreign" };
  const outcome = row.result === null ? null : parseOutcome(row.result);
  return outcome ? { kind: "finished", outcome } : { kind: "running" };
}

/** Whether this user's form (its token) has been claimed already: running or finished. */
export async function isClaimedBy(token: string, userId: string): Promise<boolean> {
  return (await readClaim(token, userId)).kind !== "foreign";
}

export async function finishToken(token: string, outcome: FormOutcome, now: Date): Promise<void> {
  await getDb()
    .updateTable("formSubmissions")
    .set({ result: JSON.stringify(outcome), finishedAt: now.toISOString() })
    .where("token", "=", token)
    .execute();
}

/** Gives a claimed token back, its form having written nothing (refused, or broken before its commit): the form may be sent again. */
export async function releaseToken(token: string, userId: string): Promise<void> {
  await getDb().deleteFrom("formSubmissions").where("token", "=", token).where("userId", "=", userId).where("result", "is", null).execute();
}

/** How long a repeated form waits for the first one's outcome before saying it is still running. */
export const WAIT_FOR_FIRST_MS = 30_000;
/** How often a repeated form looks for the first one's outcome. */
export const POLL_MS = 250;

/** The outcome of the form another request of it is running, once it is stored; null after waitMs. */
export async function waitForOutcome(token: string, userId: string, waitMs: number): Promise<FormOutcome | null> {
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
  stillRunning: FormOutcome;
}

/**
 * Runs a form's work once: the request that claims the token runs it and stores its outcome;
 * a repeated one gets the stored outcome (waiting for it a while). A token the server did not
 * issue to this user, or an expired one never claimed, is "foreign": nothing runs.
 */
export async function runOnce(
  purpose: FormPurpose,
  token: string,
  userId: string,
  options: OnceOptions,
  run: () => Promise<FormOutcome>,
): Promise<{ kind: "foreign" } | { kind: "done"; outcome: FormOutcome }> {
  const now = options.now();
  const check = checkFormToken(purpose, token, userId, now);
  if (check === "invalid") {
    log.warn("A form's one-time token was refused: not issued to this user for this form", { userId, purpose });
    return { kind: "foreign" };
  }
  // An expired form is only answered when it repeats a form already claimed (with its first outcome).
  const claim = check === "valid" ? await claimToken(purpose, token, userId, now) : await readClaim(token, userId);
  if (claim.kind === "foreign" && check === "expired") log.info("A form's one-time token was refused: expired", { userId, purpose });
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

/** The stored outcome of this user's finished form, or null. */
export async function finishedOutcome(token: string, userId: string): Promise<FormOutcome | null> {
  const claim = await readClaim(token, userId);
  return claim.kind === "finished" ? claim.outcome : null;
}
