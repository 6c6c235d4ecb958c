import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { log } from "~/lib/logger.server";
import packageJson from "../../package.json";

export interface Health {
  status: "ok" | "error";
  db: "ok" | "down";
  version: string;
}

const DATABASE_CHECK_TIMEOUT_MS = 3_000;

async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_CHECK_TIMEOUT_MS} ms`)), DATABASE_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(getDb()), timeout]);
    return true;
  } catch (error) {
    log.warn("Health check: the database does not answer", { error: (error as Error).message });
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth(): Promise<Health> {
  const dbOk = await databaseAnswers();
  return { status: dbOk ? "ok" : "error", db: dbOk ? "ok" : "down", version: packageJson.version };
}
