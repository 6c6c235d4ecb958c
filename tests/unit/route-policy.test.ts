import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_POLICY } from "~/auth/route-policy";

/** A route without an entry in the policy table would have nobody deciding who may open it. */
describe("route policy table", () => {
  const routeIds = fs
    .readdirSync(path.resolve("app/routes"))
    .filter((file) => /\.(tsx?|jsx?)$/.test(file))
    .map((file) => `routes/${file.replace(/\.(tsx?|jsx?)$/, "")}`)
    .sort();

  it("lists every route file, and nothing else", () => {
    expect(ROUTE_POLICY.map((route) => route.routeId).sort()).toEqual(routeIds);
  });

  it("names each route once", () => {
    const ids = ROUTE_POLICY.map((route) => route.routeId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
