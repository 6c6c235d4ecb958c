import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import { setLogLevel } from "~/lib/logger.server";
import { loader } from "~/routes/api.health";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

let current: TestDatabase | undefined;
// The warnings the down cases log are expected here.
beforeAll(() => setLogLevel("error"));
afterEach(async () => {
  setDatabase(undefined);
  await current?.cleanup().catch(() => undefined);
  current = undefined;
});

async function health() {
  const response = await loader();
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.json() };
}

describe.each(testDialects)("GET /api/health on %s", (dialect) => {
  it("answers 200 while the database answers", async () => {
    current = await createTestDatabase(dialect);
    setDatabase(current.database);
    expect(await health()).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: { status: "ok", db: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
    });
  });

  it("answers 503, not 500, once the database is closed", async () => {
    current = await createTestDatabase(dialect);
    setDatabase(current.database);
    await current.database.close();
    expect(await health()).toEqual({
      status: 503,
      cacheControl: "no-store",
      body: { status: "error", db: "down", version: expect.any(String) },
    });
  });
});

it("answers 503 before any database was opened", async () => {
  setDatabase(undefined);
  const { status, body } = await health();
  expect(status).toBe(503);
  expect(body).toMatchObject({ status: "error", db: "down" });
});
