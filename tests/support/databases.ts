import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { connectDatabase, type PortalDatabase } from "~/db/connect.server";
import { migrateToLatest } from "~/db/migrate.server";

/**
 * Fresh, migrated databases for integration tests: always a temporary SQLite file, and a
 * PostgreSQL database of its own when TEST_DATABASE_URL names a server (created here, dropped
 * by cleanup). Nothing depends on what another run left behind.
 */
export interface TestDatabase {
  name: "sqlite" | "postgres";
  database: PortalDatabase;
  dataDir: string;
  cleanup(): Promise<void>;
}

export const testDialects: Array<"sqlite" | "postgres"> = process.env.TEST_DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"];

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

export async function createTestDatabase(
  name: "sqlite" | "postgres",
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-"));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let database: PortalDatabase;
  let dropDatabase = async () => undefined as void;

  if (name === "sqlite") {
    database = await connectDatabase({ sqliteFile: path.join(dataDir, "portal.sqlite") });
  } else {
    const dbName = `portal_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl());
    url.pathname = `/${dbName}`;
    database = await connectDatabase({ databaseUrl: url.toString(), sqliteFile: "", poolSize: 4 });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    };
  }
  if (options.migrate !== false) await migrateToLatest(database);
  return {
    name,
    database,
    dataDir,
    async cleanup() {
      await database.close();
      await dropDatabase();
      removeDir();
    },
  };
}
