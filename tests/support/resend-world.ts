import { afterAll, beforeAll, beforeEach } from "vitest";
import { getDb, setDatabase } from "~/db/db.server";
import { setCccOneSettings } from "~/integrations/cccone/settings.server";
import { setLogLevel } from "~/lib/logger.server";
import { startSandboxServer, type RunningSandbox } from "./cccone-sandbox-server";
import { createTestDatabase, type TestDatabase } from "./databases";
import { useTestAuthSettings } from "./signed-in-request";
import { seedDatabase } from "../../seed/index.server";

/** The audit rows written for one scan request. */
export function auditOf(scanRequestId: number) {
  return getDb().selectFrom("auditLog").selectAll().where("entity", "=", "scan_requests").where("entityId", "=", String(scanRequestId)).execute();
}

export interface ResendWorld {
  readonly database: TestDatabase;
  /** The CCC ONE sandbox over real HTTP; its failure pattern and received list are reset before each test. */
  readonly running: RunningSandbox;
}

/**
 * What the resend tests run against, set up once per describe block: a fresh database of the
 * dialect seeded at scale 200 and the CCC ONE client pointed at a sandbox server of its own.
 */
export function setUpResendWorld(dialect: "sqlite" | "postgres"): ResendWorld {
  let database: TestDatabase | undefined;
  let running: RunningSandbox | undefined;
  beforeAll(async () => {
    setLogLevel("error");
    database = await createTestDatabase(dialect);
    setDatabase(database.database);
    useTestAuthSettings();
    await seedDatabase(database.database, { scale: 200, dataDir: database.dataDir, demoPassword: "demo-portal", anchor: new Date("2025-03-01T00:00:00Z") });
    running = await startSandboxServer();
    setCccOneSettings(running.clientSettings());
  });
  afterAll(async () => {
    setCccOneSettings(undefined);
    setDatabase(undefined);
    await running?.close();
    await database?.cleanup();
  });
  beforeEach(() => {
    running?.sandbox.setFailPattern(null);
    running?.sandbox.received.clear();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the resend world's ${what} is not set up yet (use it inside a test or a later hook)`);
    return value;
  };
  return {
    get database() {
      return ready(database, "database");
    },
    get running() {
      return ready(running, "sandbox");
    },
  };
}
