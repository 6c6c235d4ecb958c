import { describe, expect, it } from "vitest";
import { createLogger, type LogLevel } from "~/lib/logger.server";
import { clientMistake, logRequestError } from "~/lib/request-error-log.server";

/** Remix's own ErrorResponse for a request it cannot route (what handleError receives for a POST to a page without an action). */
function routerErrorResponse(status: number, statusText: string): object {
  const error = new Error(`You made a POST request to "/home" but did not provide an \`action\` for route "routes/_shell.home"`);
  return { status, statusText, internal: true, data: `Error: ${error.message}`, error };
}

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ level: () => "debug" as LogLevel, write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

describe("clientMistake", () => {
  it.each([
    ["Remix's 405 for a method the route does not answer", routerErrorResponse(405, "Method Not Allowed"), 405],
    ["Remix's 404", routerErrorResponse(404, "Not Found"), 404],
    ["Remix's 400", routerErrorResponse(400, "Bad Request"), 400],
    ["an http-errors 413 from a body parser", Object.assign(new Error("request entity too large"), { status: 413, statusCode: 413, expose: true }), 413],
    ["a malformed URI", new URIError("URI malformed"), 400],
    [
      "a ?_data request under single fetch",
      new Error("Warning: Single fetch-enabled apps should not be making ?_data requests, this is likely to break in the future"),
      400,
    ],
  ])("counts %s as the client's", (_name, error, status) => {
    expect(clientMistake(error)).toMatchObject({ status });
  });

  it.each([
    ["a plain error", new Error("database is locked")],
    ["a TypeError", new TypeError("Cannot read properties of undefined")],
    ["Remix's 500", routerErrorResponse(500, "Internal Server Error")],
    ["an upstream answer's status on an error", Object.assign(new Error("CCC ONE answered 404"), { status: 404 })],
    ["an http-errors 502", Object.assign(new Error("bad gateway"), { status: 502, expose: false })],
    ["a string", "boom"],
    ["null", null],
  ])("counts %s as a server fault", (_name, error) => {
    expect(clientMistake(error)).toBeNull();
  });
});

describe("logRequestError", () => {
  it("writes a client's mistake as one info line without a stack", () => {
    const { logger, lines } = capture();
    logRequestError(logger, "Request failed on the server", routerErrorResponse(405, "Method Not Allowed"), { method: "POST", path: "/home" });
    expect(lines).toEqual([
      expect.objectContaining({ level: "info", msg: "Request refused", status: 405, reason: "Method Not Allowed", method: "POST", path: "/home" }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("stack");
    expect(JSON.stringify(lines).length).toBeLessThan(300);
  });

  it("writes a server fault as an error with its stack", () => {
    const { logger, lines } = capture();
    logRequestError(logger, "Request failed on the server", new Error("database is locked"), { method: "GET", path: "/transactions" });
    expect(lines).toEqual([expect.objectContaining({ level: "error", msg: "Request failed on the server", method: "GET", path: "/transactions" })]);
    expect(lines[0].error).toMatchObject({ name: "Error", message: "database is locked", stack: expect.stringContaining("database is locked") });
  });
});
