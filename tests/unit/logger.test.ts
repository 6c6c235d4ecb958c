import { describe, expect, it } from "vitest";
import { chosenLogFormat, createLogger, type LogLevel } from "~/lib/logger.server";
import { runWithRequestContext } from "~/lib/request-context.server";

function capture(level: LogLevel = "debug") {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: () => level,
    write: (line) => {
      expect(line.endsWith("\n")).toBe(true);
      expect(line.slice(0, -1)).not.toContain("\n");
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
    now: () => new Date("2026-01-02T03:04:05.678Z"),
  });
  return { logger, lines };
}

describe("logger", () => {
  it("writes one JSON object per line with time, level, message and fields", () => {
    const { logger, lines } = capture();
    logger.info("Listening", { port: 3000 });
    expect(lines).toEqual([{ time: "2026-01-02T03:04:05.678Z", level: "info", msg: "Listening", port: 3000 }]);
  });

  it("leaves out lines below the configured level", () => {
    const { logger, lines } = capture("warn");
    logger.debug("d");
    logger.info("i");
    logger.warn("w");
    logger.error("e");
    expect(lines.map((line) => line.level)).toEqual(["warn", "error"]);
  });

  it("adds the request id inside a request context", () => {
    const { logger, lines } = capture();
    runWithRequestContext({ requestId: "req-12345678" }, () => logger.info("inside"));
    logger.info("outside");
    expect(lines[0]).toMatchObject({ msg: "inside", requestId: "req-12345678" });
    expect(lines[1]).not.toHaveProperty("requestId");
  });

  it("redacts credentials however deeply they are nested", () => {
    const { logger, lines } = capture();
    logger.info("headers", {
      headers: { authorization: "Bearer abc", cookie: "__session=xyz", "x-request-id": "keep-me-1" },
      accessToken: "t1",
      refresh_token: "t2",
      password: "p",
      sessionSecret: "s",
      nested: { deeper: { apiKey: "k" } },
    });
    const text = JSON.stringify(lines[0]);
    for (const leaked of ["Bearer abc", "__session=xyz", "t1", "t2", '"p"', '"s"', '"k"']) {
      expect(text).not.toContain(leaked);
    }
    expect(text).toContain("keep-me-1");
  });

  it("serialises errors and never lets fields overwrite the envelope", () => {
    const { logger, lines } = capture();
    const circular: Record<string, unknown> = { name: "loop" };
    circular.self = circular;
    logger.error("failed", { error: new Error("boom"), msg: "spoof", level: "debug", circular });
    expect(lines[0]).toMatchObject({ level: "error", msg: "failed", "field.msg": "spoof", "field.level": "debug" });
    expect(lines[0].error).toMatchObject({ name: "Error", message: "boom" });
    expect(lines[0].circular).toEqual({ name: "loop", self: "[circular]" });
  });

  it("writes pretty lines for a person: local time of day, level, message, fields; redacted alike; a stack below", () => {
    const written: string[] = [];
    const at = new Date(2026, 0, 2, 3, 4, 5, 678);
    const logger = createLogger({ level: () => "debug", format: () => "pretty", write: (line) => written.push(line), now: () => at });
    logger.info("Listening on http://127.0.0.1:3000", { port: 3000, host: "127.0.0.1", note: "every interface", token: "t0ps3cret" });
    const error = new Error("boom");
    logger.error("Request failed", { error });
    expect(written[0]).toBe('03:04:05.678 INFO  Listening on http://127.0.0.1:3000  port=3000 host=127.0.0.1 note="every interface" token=[redacted]\n');
    const [head, ...stack] = written[1].trimEnd().split("\n");
    expect(head).toBe('03:04:05.678 ERROR Request failed  error={"name":"Error","message":"boom"}');
    expect(stack[0]).toBe("    Error: boom");
    expect(stack.length).toBeGreaterThan(1);
    expect(written.join("")).not.toContain("t0ps3cret");
  });

  it("chooses pretty at a terminal and JSON elsewhere unless LOG_FORMAT names one", () => {
    expect(chosenLogFormat(undefined, true)).toBe("pretty");
    expect(chosenLogFormat(undefined, false)).toBe("json");
    expect(chosenLogFormat("json", true)).toBe("json");
    expect(chosenLogFormat("pretty", false)).toBe("pretty");
  });
});
