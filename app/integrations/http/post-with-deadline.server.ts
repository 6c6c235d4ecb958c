import { readBoundedBody } from "~/lib/bounded-body.server";

/**
 * One POST over real HTTP with a deadline covering the whole exchange and a bounded answer. Every
 * way it can go wrong comes back as a value, never as a thrown error.
 */

/** Larger answers are not read (CCC ONE's are a few kilobytes). */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export type PostOutcome =
  | { kind: "answered"; status: number; contentType: string | null; body: string }
  | { kind: "timeout" }
  | { kind: "unreachable"; reason: string }
  | { kind: "unreadable"; status: number; reason: string };

export interface PostRequest {
  url: string;
  body: string;
  contentType: string;
  headers?: Record<string, string>;
  timeoutMs: number;
}

class AnswerTooLarge extends Error {}

async function readBounded(response: Response): Promise<string> {
  const body = await readBoundedBody(response, MAX_ANSWER_BYTES, "cancel");
  if (!body) throw new AnswerTooLarge();
  return new TextDecoder("utf-8").decode(body);
}

function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === "string") return cause.code;
  if (cause && typeof cause.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

export async function postWithDeadline(request: PostRequest): Promise<PostOutcome> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: "POST",
      headers: { "Content-Type": request.contentType, Accept: "application/xml, text/xml, application/json, text/plain", ...request.headers },
      body: request.body,
      signal,
      redirect: "error",
    });
  } catch (error) {
    if (signal.aborted) return { kind: "timeout" };
    return { kind: "unreachable", reason: reasonOf(error) };
  }
  try {
    const body = await readBounded(response);
    return { kind: "answered", status: response.status, contentType: response.headers.get("content-type"), body };
  } catch (error) {
    if (signal.aborted) return { kind: "timeout" };
    if (error instanceof AnswerTooLarge) return { kind: "unreadable", status: response.status, reason: `the answer is larger than ${MAX_ANSWER_BYTES} bytes` };
    return { kind: "unreadable", status: response.status, reason: reasonOf(error) };
  }
}
