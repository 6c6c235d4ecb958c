import { sharedLimit } from "~/integrations/http/concurrency-limit.server";
import { guardedRequest, type GuardedOutcome } from "~/integrations/http/guarded-request.server";
import { postWithDeadline } from "~/integrations/http/post-with-deadline.server";
import { SUCCESS_STATUS } from "./endpoints";
import type { ShopRegistrationMessage } from "./shop-registration-message";

/**
 * Sends a shop registration to a provider's endpoint (or the built-in sandbox) over real HTTP: a
 * JSON POST with a deadline, at most MAX_IN_FLIGHT calls per process, never a thrown error. It
 * succeeded when the answer is 2xx JSON with status SUCCESS (dashboards spec §7). A provider's
 * routing is data an admin edits, so it goes through the guarded client (decision 0061); the
 * built-in sandbox is the portal's own address and does not.
 */
export interface ShopRegistrationTarget {
  /** "routing": the provider's SHOP_REGISTRATION routing; "sandbox": the portal's built-in sandbox. */
  kind: "routing" | "sandbox";
  url: string;
  /** How logs and the audit name the target: "built-in sandbox" or the endpoint's origin, never the whole URL (it may carry credentials). */
  name: string;
  timeoutMs: number;
  /** Extra headers (the sandbox's secret); never logged. */
  headers?: Record<string, string>;
}

export type SendResult = { ok: true } | { ok: false; reason: string };

export const MAX_IN_FLIGHT = 4;

function statusOf(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null ? (parsed as { status?: unknown }).status : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A system error code (ECONNREFUSED, ENOTFOUND) as it is; any other text may quote the URL (fetch
 * names a URL it cannot use, credentials included), so it is not repeated.
 */
function safeReason(reason: string): string {
  return /^[A-Z][A-Z0-9_]{1,40}$/.test(reason) ? reason : "the connection failed";
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function resultOf(outcome: GuardedOutcome, timeoutMs: number): SendResult {
  switch (outcome.kind) {
    case "refused":
      return { ok: false, reason: `not sent: the address ${outcome.address}${outcome.host === outcome.address ? "" : ` of ${outcome.host}`} is not allowed` };
    case "timeout":
      return { ok: false, reason: `no answer within ${seconds(timeoutMs)}` };
    case "unreachable":
      return { ok: false, reason: `not reached (${safeReason(outcome.reason)})` };
    case "unreadable":
      return { ok: false, reason: `HTTP ${outcome.status}, the answer could not be read` };
    case "answered": {
      if (outcome.status < 200 || outcome.status > 299) return { ok: false, reason: `HTTP ${outcome.status}` };
      const status = statusOf(outcome.body);
      return status === SUCCESS_STATUS ? { ok: true } : { ok: false, reason: `HTTP ${outcome.status} without status ${SUCCESS_STATUS}` };
    }
  }
}

export async function sendShopRegistration(target: ShopRegistrationTarget, message: ShopRegistrationMessage): Promise<SendResult> {
  const body = JSON.stringify(message);
  const contentType = "application/json; charset=utf-8";
  const outcome = await sharedLimit("providers", MAX_IN_FLIGHT).run(() =>
    target.kind === "routing"
      ? guardedRequest({ url: target.url, method: "POST", body, headers: { ...target.headers, "Content-Type": contentType }, timeoutMs: target.timeoutMs })
      : postWithDeadline({ url: target.url, body, contentType, headers: target.headers, timeoutMs: target.timeoutMs }),
  );
  return resultOf(outcome, target.timeoutMs);
}
