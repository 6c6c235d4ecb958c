import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { mayConnectTo, refusedLiteralHost, hostAllowed, normalHost, type OutboundAllowList } from "./outbound-address.server";
import { outboundAllowList } from "./outbound-allow.server";
import { MAX_ANSWER_BYTES, type PostOutcome } from "./post-with-deadline.server";

/**
 * The one client for addresses that come from editable data (provider routings, configuration
 * entries; decision 0061). It refuses loopback, link-local, private, unspecified and multicast
 * destinations unless the operator's allow-list names them, on the address it is about to connect
 * to: an IP literal before anything is sent, a host name on every address its lookup returns, at
 * connect time (the socket's own lookup), so a name that resolves to 127.0.0.1 is refused and a
 * second resolution cannot differ from the checked one. Redirects are never followed (node:http
 * does not), a 3xx is the answer. Each call has its own connection (no pooled socket skips the
 * check), a deadline over the whole exchange and a bounded answer; every failure is a value.
 */

export type GuardedOutcome = PostOutcome | { kind: "refused"; host: string; address: string };

/** How a host name resolves: every address, as dns.lookup with `all` gives them. */
export type Resolver = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

export interface GuardedRequest {
  url: string;
  method: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** Tests: the allow-list in place of the process's (OUTBOUND_ALLOW). */
  allow?: OutboundAllowList;
  /** Tests: a resolver in place of the system's, to make a name resolve to a refused address. */
  resolve?: Resolver;
}

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Raised by the lookup below and recognised in the request's error: the host and the address refused. */
class RefusedAddress extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`The address ${address} of ${host} is not allowed.`);
  }
}

function lookupError(code: string, hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code} ${hostname}`), { code, hostname });
}

function familyNumber(family: number | string | undefined): number {
  if (family === "IPv4" || family === 4) return 4;
  if (family === "IPv6" || family === 6) return 6;
  return 0;
}

/** The socket's lookup: every address of the name must be allowed, or none is used. */
function guardedLookup(allow: OutboundAllowList, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = familyNumber(options.family);
    resolve(hostname).then(
      (found) => {
        const addresses = found.filter((entry) => family === 0 || entry.family === family);
        const first = addresses[0];
        if (!first) return callback(lookupError("ENOTFOUND", hostname), "", 0);
        const refused = addresses.find((entry) => !mayConnectTo(entry.address, allow));
        if (refused) return callback(new RefusedAddress(normalHost(hostname), refused.address), "", 0);
        if (options.all)
          return callback(
            null,
            addresses.map((entry) => ({ address: entry.address, family: entry.family })),
          );
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.message : String(error);
}

function exchange(url: URL, request: GuardedRequest, lookup: LookupFunction | undefined): Promise<GuardedOutcome> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<GuardedOutcome>((settle) => {
    const outgoing = client.request(
      url,
      {
        method: request.method,
        headers: {
          Accept: "application/xml, text/xml, application/json, text/plain",
          ...request.headers,
          ...(request.body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(request.body)) }),
        },
        // A connection of its own: a pooled socket was checked for another call.
        agent: false,
        lookup,
        signal,
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        const tooLarge: GuardedOutcome = { kind: "unreadable", status, reason: `the answer is larger than ${MAX_ANSWER_BYTES} bytes` };
        if (Number(answer.headers["content-length"] ?? "0") > MAX_ANSWER_BYTES) {
          answer.destroy();
          return settle(tooLarge);
        }
        const chunks: Buffer[] = [];
        let total = 0;
        answer.on("data", (chunk: Buffer) => {
          total += chunk.byteLength;
          if (total > MAX_ANSWER_BYTES) {
            answer.destroy();
            settle(tooLarge);
          } else chunks.push(chunk);
        });
        answer.on("end", () =>
          settle({ kind: "answered", status, contentType: answer.headers["content-type"] ?? null, body: Buffer.concat(chunks).toString("utf8") }),
        );
        answer.on("error", (error) => settle(signal.aborted ? { kind: "timeout" } : { kind: "unreadable", status, reason: reasonOf(error) }));
      },
    );
    outgoing.on("error", (error) => {
      if (error instanceof RefusedAddress) settle({ kind: "refused", host: error.host, address: error.address });
      else settle(signal.aborted ? { kind: "timeout" } : { kind: "unreachable", reason: reasonOf(error) });
    });
    outgoing.end(request.body);
  });
}

export async function guardedRequest(request: GuardedRequest): Promise<GuardedOutcome> {
  const allow = request.allow ?? outboundAllowList();
  const url = URL.canParse(request.url) ? new URL(request.url) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return { kind: "unreachable", reason: "ERR_INVALID_URL" };
  const literal = refusedLiteralHost(url, allow);
  if (literal) return { kind: "refused", host: literal, address: literal };
  // As fetch did: credentials in the address are not turned into an Authorization header.
  if (url.username || url.password) return { kind: "unreachable", reason: "ERR_URL_CREDENTIALS" };
  // An IP literal is connected to as written (no lookup is made for it): the check above was its check.
  const host = normalHost(url.hostname);
  const lookup = hostAllowed(host, allow) ? undefined : guardedLookup(allow, request.resolve ?? systemResolver);
  return exchange(url, request, lookup);
}
