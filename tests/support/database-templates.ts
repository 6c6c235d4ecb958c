import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "~/db/connect.server";
import { migrateToLatest } from "~/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated SQLite file, copied for each test database (tests/support/databases.ts). */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database each test database is created from (TEMPLATE); "" without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

async function onAdmin(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Vitest global setup: the schema is migrated once per run, into a SQLite file and (with
 * TEST_DATABASE_URL) a PostgreSQL template database; each test database is a copy of it, which
 * takes a fraction of the time of running every migration again for each of the suite's
 * databases. The migrations themselves are still run by the tests of migrations (migrate: false).
 */
export default async function databaseTemplates(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-template-"));
  const sqliteTemplate = path.join(dir, "portal.sqlite");
  const sqlite = await connectDatabase({ sqliteFile: sqliteTemplate });
  await migrateToLatest(sqlite);
  await sqlite.close();

  let postgresTemplate = "";
  if (process.env.TEST_DATABASE_URL) {
    postgresTemplate = `portal_template_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    await onAdmin(`create database ${postgresTemplate}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${postgresTemplate}`;
    const postgres = await connectDatabase({ databaseUrl: url.toString(), sqliteFile: "", poolSize: 1 });
    await migrateToLatest(postgres);
    await postgres.close();
  }
  project.provide("sqliteTemplate", sqliteTemplate);
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (postgresTemplate) await onAdmin(`drop database if exists ${postgresTemplate} with (force)`);
  };
}
