import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import { setLogLevel } from "~/lib/logger.server";
import { setStoppingProbe } from "~/lib/stopping.server";
import { loader } from "~/routes/api.ready";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * GET /api/ready's parts one at a time. Here no identity provider is configured, so every answer
 * is 503 with identityProvider "down"; the whole 200 is proven against the production server
 * (server.test.ts).
 */
let current: TestDatabase | undefined;
beforeAll(() => setLogLevel("error"));
afterEach(async () => {
  setStoppingProbe(() => false);
  setDatabase(undefined);
  await current?.cleanup().catch(() => undefined);
  current = undefined;
});

async function readiness() {
  const response = await loader();
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: (await response.json()) as Record<string, unknown> };
}

describe.each(testDialects)("GET /api/ready on %s", (dialect) => {
  it("says the migrations are done, and the identity provider down, with 503", async () => {
    current = await createTestDatabase(dialect);
    setDatabase(current.database);
    expect(await readiness()).toEqual({
      status: 503,
      cacheControl: "no-store",
      body: { status: "not ready", stopping: false, db: "ok", migrations: "done", identityProvider: "down", version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
    });
  });

  it("says a migration is pending when the database has not run the latest one", async () => {
    current = await createTestDatabase(dialect);
    setDatabase(current.database);
    const latest = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(current.database.db);
    expect(latest.rows).toHaveLength(1);
    await sql`delete from kysely_migration where name = ${latest.rows[0].name}`.execute(current.database.db);
    expect((await readiness()).body).toMatchObject({ status: "not ready", db: "ok", migrations: "pending" });
  });

  it("says it is stopping once told to, and cannot read migrations of a database that does not answer", async () => {
    current = await createTestDatabase(dialect);
    setDatabase(current.database);
    setStoppingProbe(() => true);
    expect((await readiness()).body).toMatchObject({ status: "not ready", stopping: true, db: "ok", migrations: "done" });
    await current.database.close();
    expect(await readiness()).toMatchObject({ status: 503, body: { status: "not ready", db: "down", migrations: "unknown" } });
  });
});
