import { describe, expect, it } from "vitest";
import { acceptOrCreateRequestId } from "~/lib/request-id.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("acceptOrCreateRequestId", () => {
  it.each(["abcdefgh", "req-1234.5678_ABC", "a".repeat(128), "0f8fad5b-d9cb-469f-a165-70867728950e"])("keeps the well-formed id %j", (id) => {
    expect(acceptOrCreateRequestId(id)).toBe(id);
  });

  it.each([
    ["too short", "abc1234"],
    ["too long", "a".repeat(129)],
    ["a space", "abcd efgh"],
    ["a line break (log injection)", "abcdefgh\nlevel=error"],
    ["a quote", 'abcdefgh"x'],
    ["a slash", "abcd/efgh"],
    ["non-ASCII", "abcdéfghij"],
    ["empty", ""],
  ])("replaces an id with %s by a UUID", (_reason, id) => {
    const result = acceptOrCreateRequestId(id);
    expect(result).not.toBe(id);
    expect(result).toMatch(UUID);
  });

  it("generates a fresh UUID when none was sent", () => {
    const first = acceptOrCreateRequestId(undefined);
    const second = acceptOrCreateRequestId(undefined);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
  });

  it("uses the first of repeated headers", () => {
    expect(acceptOrCreateRequestId(["first-id-123", "second-id-456"])).toBe("first-id-123");
  });
});
