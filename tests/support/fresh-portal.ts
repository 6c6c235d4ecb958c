import { afterEach, beforeEach } from "vitest";
import { setDatabase } from "~/db/db.server";
import { createTestDatabase, type TestDatabase } from "./databases";
import { useTestAuthSettings } from "./signed-in-request";

/**
 * A fresh, migrated and empty database of the dialect for every test of the block, in use by the
 * app with the test auth settings; unset and dropped after each test. The block's own beforeEach
 * hooks (registered after this call) run once it is in place, to add the rows they need.
 */
export function setUpFreshPortalEachTest(dialect: "sqlite" | "postgres"): void {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await createTestDatabase(dialect);
    setDatabase(current.database);
    useTestAuthSettings();
  });
  afterEach(async () => {
    setDatabase(undefined);
    await current?.cleanup();
    current = undefined;
  });
}
