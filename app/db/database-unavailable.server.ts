/**
 * Whether an error means "the database cannot be used right now" (it is unreachable, restarting,
 * gone, or locked by another process for longer than the busy timeout), as opposed to a bug in a
 * query. Such errors are answered with 503 and a page that says to try again later, not with 500.
 * Recognised by their shape, because the errors come from pg, pg-pool and better-sqlite3.
 */

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (the server is shutting down
 * or starting), 53300 (too many connections), 3D000 (the database does not exist, e.g. dropped).
 */
const POSTGRES_STATES = /^(08\w{3}|57P0[123]|53300|3D000)$/;

/** better-sqlite3's codes for a file that is locked, cannot be opened or read, or a full disk. */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL)(_\w+)?$/;

/** pg's and pg-pool's own messages when a connection is lost or cannot be made. */
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
  // better-sqlite3, once the handle is closed.
  "The database connection is not open",
];

function describesUnavailable(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === "string" ? error.code : "";
  if (NETWORK_CODES.has(code) || POSTGRES_STATES.test(code) || SQLITE_CODES.test(code)) return true;
  const message = typeof error.message === "string" ? error.message : "";
  return CONNECTION_MESSAGES.some((known) => message.startsWith(known));
}

/**
 * The error itself is read, not its cause: fetch wraps a refused connection of another service
 * (CCC ONE, the identity provider) as a cause, and that must not read as the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const candidate = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (describesUnavailable(candidate)) return true;
  // An AggregateError (e.g. both IPv4 and IPv6 refused) carries its parts in errors.
  return Array.isArray(candidate.errors) && candidate.errors.some((part) => isDatabaseUnavailable(part));
}
