import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/db/database-unavailable.server";

/** Which errors read as "the database cannot be used right now" (503) rather than a bug (500). */

function sqliteError(code: string): Error {
  return Object.assign(new Error("database is locked"), { code });
}

function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: "FATAL" });
}

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", syscall: "connect" })],
    ["a reset connection", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })],
    ["a connection lost mid-query", new Error("Connection terminated unexpectedly")],
    ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect")],
    ["a server shutting down", pgError("57P01", "terminating connection due to administrator command")],
    ["a database dropped", pgError("3D000", 'database "portal" does not exist')],
    ["too many connections", pgError("53300", "sorry, too many clients already")],
    ["a connection failure state", pgError("08006", "connection failure")],
    ["SQLite locked past the busy timeout", sqliteError("SQLITE_BUSY")],
    ["SQLite unable to read its file", sqliteError("SQLITE_IOERR_READ")],
    ["SQLite with a full disk", sqliteError("SQLITE_FULL")],
    ["IPv4 and IPv6 both refused", new AggregateError([Object.assign(new Error("refused"), { code: "ECONNREFUSED" })], "connect failed")],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is true for a closed SQLite handle", () => {
    const db = new SQLite(":memory:");
    db.close();
    let thrown: unknown;
    try {
      db.prepare("select 1");
    } catch (error) {
      thrown = error;
    }
    expect(isDatabaseUnavailable(thrown)).toBe(true);
  });

  it.each([
    ["a syntax error", pgError("42601", 'syntax error at or near "selec"')],
    ["a unique violation", pgError("23505", "duplicate key value violates unique constraint")],
    ["a SQLite constraint", sqliteError("SQLITE_CONSTRAINT_UNIQUE")],
    ["another service refusing (fetch's cause)", new TypeError("fetch failed", { cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }) })],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a thrown string", "Connection terminated"],
    ["nothing", null],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
