import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readJson } from "~/lib/read-json";

/** A resource route's answers: JSON, a correction to other JSON, a sign-in page, a 404. */
const asked: string[] = [];
const server = http.createServer((request, response) => {
  const path = request.url ?? "";
  asked.push(path);
  if (path === "/markers") return response.writeHead(200, { "Content-Type": "application/json" }).end('{"markers":[1,2]}');
  if (path === "/corrected") return response.writeHead(302, { Location: "/markers" }).end();
  if (path === "/signed-out") return response.writeHead(302, { Location: "/login" }).end();
  if (path === "/login") return response.writeHead(200, { "Content-Type": "text/html" }).end("<h1>Sign in</h1>");
  response.writeHead(404, { "Content-Type": "application/json" }).end('{"status":404}');
});
const reload = vi.fn();

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubGlobal("window", { location: { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reload } });
});
afterEach(() => {
  reload.mockClear();
  asked.length = 0;
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe("readJson", () => {
  it("reads a JSON answer, also after a correction of the address", async () => {
    expect(await readJson("/markers", new AbortController().signal)).toEqual({ markers: [1, 2] });
    expect(await readJson("/corrected", new AbortController().signal)).toEqual({ markers: [1, 2] });
    expect(reload).not.toHaveBeenCalled();
  });

  it("reads the page again when the answer is a page it was sent to (the sign-in has ended)", async () => {
    await expect(readJson("/signed-out", new AbortController().signal)).rejects.toThrow("answered 200");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("fails on an error status, even with a JSON body, and leaves the page as it is", async () => {
    await expect(readJson("/gone", new AbortController().signal)).rejects.toThrow("answered 404");
    expect(reload).not.toHaveBeenCalled();
  });

  it("reads the portal's own addresses only: another origin is refused before anything is sent", async () => {
    for (const elsewhere of ["http://169.254.169.254/latest", "//example.test/markers", "https://example.test/markers"]) {
      await expect(readJson(elsewhere, new AbortController().signal)).rejects.toThrow("is not one of the portal's own addresses");
    }
    expect(asked).toEqual([]);
  });

  it("stops when it is no longer wanted", async () => {
    const stopped = new AbortController();
    stopped.abort();
    await expect(readJson("/markers", stopped.signal)).rejects.toThrow(/abort/i);
  });
});
