import { currentRequestContext } from "./request-context.server";

/**
 * Structured logging: one JSON object per line on stdout, with the request id when the line is
 * written while a request is handled. Fields whose names suggest credentials are redacted, so a
 * careless `log.info("...", { headers })` cannot leak a cookie or a token.
 */

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export interface LoggerOptions {
  level: () => LogLevel;
  write: (line: string) => void;
  now?: () => Date;
}

const SEVERITY: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SENSITIVE_KEY = /authorization|cookie|password|passwd|secret|token|api[-_]?key|credential/i;
const RESERVED_KEYS = new Set(["time", "level", "msg", "requestId"]);
const MAX_DEPTH = 5;

function sanitize(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, ...(value.stack ? { stack: value.stack } : {}) };
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "function" || typeof value === "symbol") return undefined;
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return "[nested]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => sanitize(item, depth + 1, seen));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = SENSITIVE_KEY.test(key) ? "[redacted]" : sanitize(item, depth + 1, seen);
  }
  return result;
}

export function formatLogLine(level: LogLevel, msg: string, fields: LogFields | undefined, time: Date): string {
  const line: Record<string, unknown> = { time: time.toISOString(), level, msg };
  const requestId = currentRequestContext()?.requestId;
  if (requestId) line.requestId = requestId;
  const clean = fields ? (sanitize(fields, 0, new WeakSet()) as LogFields) : {};
  for (const [key, value] of Object.entries(clean)) {
    line[RESERVED_KEYS.has(key) ? `field.${key}` : key] = value;
  }
  return JSON.stringify(line);
}

export function createLogger(options: LoggerOptions): Logger {
  const now = options.now ?? (() => new Date());
  const emit = (level: LogLevel) => (msg: string, fields?: LogFields) => {
    if (SEVERITY[level] < SEVERITY[options.level()]) return;
    options.write(`${formatLogLine(level, msg, fields, now())}\n`);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

/** The level is shared through globalThis: server.ts and the Remix bundle hold separate copies. */
const LEVEL_KEY = Symbol.for("portal.logLevel");
type LevelRegistry = { [LEVEL_KEY]?: LogLevel };

export function setLogLevel(level: LogLevel): void {
  (globalThis as LevelRegistry)[LEVEL_KEY] = level;
}

function currentLevel(): LogLevel {
  return (globalThis as LevelRegistry)[LEVEL_KEY] ?? "info";
}

/** The process-wide logger, writing to stdout. */
export const log: Logger = createLogger({ level: currentLevel, write: (line) => process.stdout.write(line) });
