import { currentRequestContext } from "./request-context.server";

/**
 * Structured logging: one JSON object per line on stdout, with the request id when the line is
 * written while a request is handled; at a terminal, the same line as a person reads it (pino and
 * pino-pretty's convention; LOG_FORMAT overrides). Fields whose names suggest credentials are
 * redacted, so a careless `log.info("...", { headers })` cannot leak a cookie or a token.
 */

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `json`: one object per line, for a collector; `pretty`: time, level, message and fields, for a person. */
export const LOG_FORMATS = ["json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
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
  format?: () => LogFormat;
  /** Pretty lines only: colour the level (a terminal that has not asked for NO_COLOR). */
  colour?: boolean;
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

function logRecord(level: LogLevel, msg: string, fields: LogFields | undefined, time: Date): Record<string, unknown> {
  const line: Record<string, unknown> = { time: time.toISOString(), level, msg };
  const requestId = currentRequestContext()?.requestId;
  if (requestId) line.requestId = requestId;
  const clean = fields ? (sanitize(fields, 0, new WeakSet()) as LogFields) : {};
  for (const [key, value] of Object.entries(clean)) {
    line[RESERVED_KEYS.has(key) ? `field.${key}` : key] = value;
  }
  return line;
}

export function formatLogLine(level: LogLevel, msg: string, fields: LogFields | undefined, time: Date): string {
  return JSON.stringify(logRecord(level, msg, fields, time));
}

const LEVEL_COLOUR: Record<LogLevel, string> = { debug: "\u001b[90m", info: "\u001b[32m", warn: "\u001b[33m", error: "\u001b[31m" };
const RESET = "\u001b[0m";

/** A field's value as written after `key=`: text as it is unless it needs quotes, anything else as JSON. */
function prettyValue(value: unknown): string {
  if (typeof value === "string") return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/**
 * The line for a person at a terminal: `14:03:07.512 INFO  Listening on … url=… port=3000`, the
 * local time of day, the level padded to one width, the message, then the fields (the same ones,
 * redacted the same way, as the JSON line), an error's stack on the lines below.
 */
export function formatPrettyLine(level: LogLevel, msg: string, fields: LogFields | undefined, time: Date, colour = false): string {
  const { time: _time, level: _level, msg: _msg, ...rest } = logRecord(level, msg, fields, time);
  const clock = `${String(time.getHours()).padStart(2, "0")}:${String(time.getMinutes()).padStart(2, "0")}:${String(time.getSeconds()).padStart(2, "0")}.${String(time.getMilliseconds()).padStart(3, "0")}`;
  const label = level.toUpperCase().padEnd(5);
  const stacks: string[] = [];
  const pairs = Object.entries(rest).map(([key, value]) => {
    if (value && typeof value === "object" && "stack" in value && typeof value.stack === "string") {
      stacks.push(value.stack);
      const { stack: _stack, ...error } = value as Record<string, unknown>;
      return `${key}=${prettyValue(error)}`;
    }
    return `${key}=${prettyValue(value)}`;
  });
  const head = `${clock} ${colour ? `${LEVEL_COLOUR[level]}${label}${RESET}` : label} ${msg}${pairs.length > 0 ? `  ${pairs.join(" ")}` : ""}`;
  return [head, ...stacks.map((stack) => stack.replace(/^/gm, "    "))].join("\n");
}

export function createLogger(options: LoggerOptions): Logger {
  const now = options.now ?? (() => new Date());
  const emit = (level: LogLevel) => (msg: string, fields?: LogFields) => {
    if (SEVERITY[level] < SEVERITY[options.level()]) return;
    const line = options.format?.() === "pretty" ? formatPrettyLine(level, msg, fields, now(), options.colour) : formatLogLine(level, msg, fields, now());
    options.write(`${line}\n`);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

/** Set once at start from LOG_LEVEL and LOG_FORMAT. */
let chosenLevel: LogLevel | undefined;
let chosenFormat: LogFormat | undefined;

export function setLogLevel(level: LogLevel): void {
  chosenLevel = level;
}

function currentLevel(): LogLevel {
  return chosenLevel ?? "info";
}

/** The format LOG_FORMAT names, else pretty at a terminal and JSON when the output goes to a file, a pipe or a collector. */
export function chosenLogFormat(named: LogFormat | undefined, stdoutIsTerminal: boolean): LogFormat {
  return named ?? (stdoutIsTerminal ? "pretty" : "json");
}

export function setLogFormat(format: LogFormat): void {
  chosenFormat = format;
}

function currentFormat(): LogFormat {
  return chosenFormat ?? chosenLogFormat(undefined, process.stdout.isTTY === true);
}

/** The process-wide logger, writing to stdout. */
export const log: Logger = createLogger({
  level: currentLevel,
  format: currentFormat,
  colour: process.stdout.isTTY === true && !process.env.NO_COLOR,
  write: (line) => process.stdout.write(line),
});
