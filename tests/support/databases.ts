import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
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

export const testDialects: Array<"sqlite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

/** An empty PostgreSQL database of the caller's own on TEST_DATABASE_URL's server: its URL, and how to drop it. */
export async function createPostgresDatabase(prefix: string, options: { template?: string } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const onAdmin = async (text: string) => {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query(text);
    } finally {
      await admin.end();
    }
  };
  await onAdmin(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  // A throwaway database need not wait for its commits to reach the disk (every statement behaves
  // the same; only a crash of the server could lose the last ones): a test's migrations and seed
  // took seconds of fsyncs, which doubled the PostgreSQL half of the suite.
  await onAdmin(`alter database ${name} set synchronous_commit = off`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onAdmin(`drop database if exists ${name} with (force)`) };
}

/**
 * migrate (default true): the database is a copy of the run's migrated template (database-templates.ts);
 * false: it is empty, for the tests of the migrations themselves.
 */
export async function createTestDatabase(name: "sqlite" | "postgres", options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-"));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const migrated = options.migrate !== false;
  let database: PortalDatabase;
  let dropDatabase = async () => undefined as void;

  if (name === "sqlite") {
    const file = path.join(dataDir, "portal.sqlite");
    if (migrated) fs.copyFileSync(inject("sqliteTemplate"), file);
    database = await connectDatabase({ sqliteFile: file });
  } else {
    const created = await createPostgresDatabase("portal_test", migrated ? { template: inject("postgresTemplate") } : {});
    database = await connectDatabase({ databaseUrl: created.url, sqliteFile: "", poolSize: 4 });
    dropDatabase = created.drop;
  }
  // Already at the latest version: this only confirms it (and applies nothing).
  if (migrated) await migrateToLatest(database);
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
