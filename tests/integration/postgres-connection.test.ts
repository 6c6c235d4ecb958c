import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/** The portal's PostgreSQL connections compile no plan with JIT (decision 0095). */
describe.runIf(testDialects.includes("postgres"))("the portal's PostgreSQL connections", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase("postgres", { migrate: false });
  });

  afterAll(async () => t?.cleanup());

  it("have JIT off, whichever pooled connection answers", async () => {
    const native = t.database.native;
    if (native.dialect !== "postgres") throw new Error("PostgreSQL only");
    const answers = await Promise.all(Array.from({ length: 3 }, () => native.pool.query<{ jit: string }>("show jit")));
    expect(answers.map((answer) => answer.rows[0].jit)).toEqual(["off", "off", "off"]);
  });
});
