import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedRequest, type GuardedRequest, type Resolver } from "~/integrations/http/guarded-request.server";
import { EMPTY_ALLOW_LIST, parseOutboundAllow, type OutboundAllowList } from "~/integrations/http/outbound-address.server";
import { MAX_ANSWER_BYTES } from "~/integrations/http/post-with-deadline.server";

/**
 * The guarded outbound client over real HTTP against servers of its own on 127.0.0.1 (decision
 * 0061): refused without the allow-list and reached with it; a host name is checked on the
 * addresses its lookup returns when the socket connects (a resolver stands in for DNS, which has
 * no such names offline); redirects are not followed; every refusal leaves the server untouched.
 */
interface Recorder {
  origin: string;
  port: number;
  hits: Array<{ method: string; url: string; host: string; body: string; contentLength: string | undefined }>;
  close(): Promise<void>;
}

async function startRecorder(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void): Promise<Recorder> {
  const hits: Recorder["hits"] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      hits.push({
        method: request.method ?? "",
        url: request.url ?? "",
        host: request.headers.host ?? "",
        body,
        contentLength: request.headers["content-length"],
      });
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const allowList = (text: string): OutboundAllowList => {
  const parsed = parseOutboundAllow(text);
  if (!parsed.ok) throw new Error(parsed.entry);
  return parsed.list;
};

/** A resolver that knows only the given names, counting its calls. */
function resolverOf(names: Record<string, Array<{ address: string; family: number }>>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = (hostname: string) => {
    calls.push(hostname);
    const found = names[hostname];
    return found ? Promise.resolve(found) : Promise.reject(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
  };
  return Object.assign(resolve, { calls });
}

describe("the guarded outbound client", () => {
  let endpoint: Recorder;
  const post = (url: string, extra: Partial<GuardedRequest> = {}) =>
    guardedRequest({
      url,
      method: "POST",
      body: '{"shopId":5017}',
      headers: { "Content-Type": "application/json" },
      timeoutMs: 3000,
      allow: EMPTY_ALLOW_LIST,
      ...extra,
    });

  beforeAll(async () => {
    endpoint = await startRecorder((_request, response) => response.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"SUCCESS"}'));
  });
  afterAll(() => endpoint?.close());

  it("refuses a loopback address without the allow-list, sending nothing, and reaches it when the allow-list names it", async () => {
    for (const url of [
      `${endpoint.origin}/v2/shops`,
      `http://127.1:${endpoint.port}/v2/shops`,
      `http://localhost:${endpoint.port}/v2/shops`,
      `http://[::ffff:127.0.0.1]:${endpoint.port}/v2/shops`,
    ]) {
      expect(await post(url), url).toMatchObject({ kind: "refused" });
    }
    expect(await post(`${endpoint.origin}/v2/shops`)).toEqual({ kind: "refused", host: "127.0.0.1", address: "127.0.0.1" });
    expect(endpoint.hits).toEqual([]);

    expect(await post(`${endpoint.origin}/v2/shops?token=t`, { allow: allowList("127.0.0.1") })).toEqual({
      kind: "answered",
      status: 200,
      contentType: "application/json",
      body: '{"status":"SUCCESS"}',
    });
    expect(endpoint.hits).toEqual([
      { method: "POST", url: "/v2/shops?token=t", host: `127.0.0.1:${endpoint.port}`, body: '{"shopId":5017}', contentLength: "15" },
    ]);
    expect((await post(`${endpoint.origin}/`, { allow: allowList("127.0.0.0/8") })).kind).toBe("answered");
    expect((await post(`http://localhost:${endpoint.port}/`, { allow: allowList("localhost") })).kind).toBe("answered");
    expect(endpoint.hits).toHaveLength(3);
  });

  it("checks a host name on the addresses it resolves to when connecting: one that resolves to loopback is refused unless its address is allowed", async () => {
    const before = endpoint.hits.length;
    const resolve = resolverOf({
      "registrations.provider.test": [{ address: "127.0.0.1", family: 4 }],
      "mapped.provider.test": [{ address: "::ffff:127.0.0.1", family: 6 }],
      "mixed.provider.test": [
        { address: "93.184.216.34", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    });
    expect(await post(`http://registrations.provider.test:${endpoint.port}/v2/shops`, { resolve })).toEqual({
      kind: "refused",
      host: "registrations.provider.test",
      address: "127.0.0.1",
    });
    expect(await post(`http://mapped.provider.test:${endpoint.port}/v2/shops`, { resolve })).toEqual({
      kind: "refused",
      host: "mapped.provider.test",
      address: "::ffff:127.0.0.1",
    });
    expect(await post(`http://mixed.provider.test:${endpoint.port}/v2/shops`, { resolve })).toEqual({
      kind: "refused",
      host: "mixed.provider.test",
      address: "127.0.0.1",
    });
    expect(await post(`http://unknown.provider.test:${endpoint.port}/v2/shops`, { resolve })).toEqual({ kind: "unreachable", reason: "ENOTFOUND" });
    expect(endpoint.hits.length).toBe(before);
    expect(resolve.calls).toEqual(["registrations.provider.test", "mapped.provider.test", "mixed.provider.test", "unknown.provider.test"]);

    // The connection goes to the address the checked lookup returned, under the name asked for.
    const reached = await post(`http://registrations.provider.test:${endpoint.port}/v2/shops`, { resolve, allow: allowList("127.0.0.1") });
    expect(reached).toMatchObject({ kind: "answered", status: 200 });
    expect(endpoint.hits.at(-1)).toMatchObject({ host: `registrations.provider.test:${endpoint.port}`, url: "/v2/shops" });
  });

  it("does not follow a redirect, even to an address the allow-list names", async () => {
    const redirecting = await startRecorder((_request, response) => response.writeHead(307, { Location: `${endpoint.origin}/v2/shops` }).end());
    const before = endpoint.hits.length;
    try {
      expect(await post(`${redirecting.origin}/v2/shops`, { allow: allowList("127.0.0.1") })).toMatchObject({ kind: "answered", status: 307 });
      expect(redirecting.hits).toHaveLength(1);
      expect(endpoint.hits.length).toBe(before);
    } finally {
      await redirecting.close();
    }
  });

  it("keeps its deadline, bounds the answer and gives a reason for a closed port, never throwing", async () => {
    const allow = allowList("127.0.0.1");
    const silent = await startRecorder(() => undefined);
    const huge = await startRecorder((_request, response) => response.writeHead(200).end("x".repeat(MAX_ANSWER_BYTES + 1)));
    const closed = await startRecorder(() => undefined);
    await closed.close();
    try {
      expect(await post(`${silent.origin}/`, { allow, timeoutMs: 300 })).toEqual({ kind: "timeout" });
      expect(await post(`${huge.origin}/`, { allow })).toEqual({
        kind: "unreadable",
        status: 200,
        reason: `the answer is larger than ${MAX_ANSWER_BYTES} bytes`,
      });
      expect(await post(`${closed.origin}/`, { allow })).toEqual({ kind: "unreachable", reason: "ECONNREFUSED" });
      expect(await post("ftp://files.example/", { allow })).toEqual({ kind: "unreachable", reason: "ERR_INVALID_URL" });
      expect(await guardedRequest({ url: `${huge.origin}/`, method: "GET", timeoutMs: 3000, allow })).toMatchObject({ kind: "unreadable", status: 200 });
    } finally {
      await silent.close();
      await huge.close();
    }
  });
});
