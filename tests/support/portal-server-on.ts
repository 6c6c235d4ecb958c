import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { connectDatabase, type PortalDatabase } from "~/db/connect.server";
import { createPostgresDatabase } from "./databases";
import { startServer, type RunningServer } from "./server-process";

/** The targets of tests that drive the built server: SQLite always, PostgreSQL with TEST_DATABASE_URL. */
export const serverTargets: Array<"sqlite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface PortalOn {
  server: RunningServer;
  /** The server's URL on localhost, the public origin sign-in cookies belong to. */
  base: string;
  dataDir: string;
  /** A connection of the test's own to the server's database. */
  database: PortalDatabase;
  /** The server's environment (DATA_DIR, DATABASE_URL, SESSION_SECRET, ...), for another instance on the same data. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The production server on a fresh demo database (scale 200) of the target, in a temporary data directory. */
export async function startPortalOn(target: "sqlite" | "postgres", env: Record<string, string> = {}): Promise<PortalOn> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-on-"));
  const serverEnv: Record<string, string> = { DATA_DIR: dataDir, SEED_SCALE: "200", ...env };
  let dropDatabase = async () => undefined as void;
  if (target === "postgres") {
    const created = await createPostgresDatabase("portal_on");
    serverEnv.DATABASE_URL = created.url;
    serverEnv.SESSION_SECRET = "p".repeat(40);
    dropDatabase = created.drop;
  }
  const server = await startServer(serverEnv);
  const database = await connectDatabase(
    serverEnv.DATABASE_URL ? { databaseUrl: serverEnv.DATABASE_URL, sqliteFile: "", poolSize: 2 } : { sqliteFile: path.join(dataDir, "portal.sqlite") },
  );
  return {
    server,
    base: server.url.replace("127.0.0.1", "localhost"),
    dataDir,
    database,
    env: serverEnv,
    async stop() {
      await database.close();
      await server.stop();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
