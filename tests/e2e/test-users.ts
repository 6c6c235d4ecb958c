import { randomBytes } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";

export interface TestUser {
  id: string;
  login: string;
}

/** Columns copied from the demo account; id and login are the test user's own. */
const COPIED_COLUMNS = ["first_name", "last_name", "email", "ldapdn", "dloedrprole", "status", "company_id", "password_hash", "created", "last_updated"];

/**
 * A directory user of a test's own in the e2e server's database: a copy of a demo account (names,
 * roles, provider, password) under a new id and login. Tests that run at the same time then never
 * share a user's preferences or remembered grid queries.
 */
export function createUserLike(demoLogin: string): TestUser {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const suffix = randomBytes(6).toString("hex");
  const user = { id: `00ue2e${suffix}`, login: `${demoLogin}.${suffix}` };
  const db = new SQLite(path.join(dataDir, "portal.sqlite"), { fileMustExist: true, timeout: 10_000 });
  try {
    const columns = COPIED_COLUMNS.join(", ");
    const inserted = db
      .prepare(`insert into users (id, login, ${columns}) select ?, ?, ${columns} from users where login = ?`)
      .run(user.id, user.login, demoLogin);
    if (inserted.changes !== 1) throw new Error(`No demo account ${demoLogin} to copy`);
  } finally {
    db.close();
  }
  return user;
}
