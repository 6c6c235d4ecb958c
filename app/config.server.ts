import net from "node:net";
import path from "node:path";
import { z } from "zod";
import type { OidcClientConfig } from "./auth/sign-in-setup.server";
import { DEFAULT_EXPORT_LIMITS, type ExportLimits } from "./grid/export-slots.server";
import { EMPTY_ALLOW_LIST, parseOutboundAllow, type OutboundAllowList } from "./integrations/http/outbound-address.server";
import { failurePatternProblem } from "./integrations/sandbox/failure-pattern";
import { MIN_SANDBOX_SECRET_LENGTH } from "./integrations/sandbox/sandbox-secret.server";
import { CONFIG_KEY_FORMAT, ConfigEncryptionKeyError, decodeConfigEncryptionKey, readOrCreateConfigEncryptionKey } from "./lib/config-encryption-key.server";
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from "./lib/logger.server";
import { DEFAULT_MAP_TILE_URL, tileOrigin } from "./lib/map-tiles.server";
import { readOrCreateSessionSecret, SessionSecretError } from "./lib/session-secret.server";
import type { TrustProxy } from "./lib/trust-proxy";

/**
 * The process configuration, read from the environment once at start. Every problem is reported
 * in one ConfigError naming the variables, so a bad deployment fails with one readable line.
 */

export const DEFAULT_DEMO_PASSWORD = "demo-portal";
export const MIN_SESSION_SECRET_LENGTH = 32;
/** The spec's request timeout (60 s) for CCC ONE; the identity provider's calls are shorter, as a sign-in waits on them. */
export const DEFAULT_CCCONE_TIMEOUT_MS = 60_000;
export const DEFAULT_OIDC_TIMEOUT_MS = 15_000;

export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "sqlite"; file: string };

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseTarget;
  /** Absolute path. */
  dataDir: string;
  sessionSecret: string;
  sessionSecretSource: "environment" | "file";
  /** AES-256 key of the ENCRYPT configuration values (32 bytes). */
  configEncryptionKey: Buffer;
  configEncryptionKeySource: "environment" | "file";
  seedScale: number;
  demoPassword: string;
  demoPasswordIsDefault: boolean;
  logLevel: LogLevel;
  /** LOG_FORMAT when set; unset, the logger chooses by whether stdout is a terminal. */
  logFormat?: LogFormat;
  /** The external origin (scheme, host, port), without a trailing slash. */
  publicUrl?: string;
  trustProxy?: TrustProxy;
  /** Absent: the built-in identity provider. */
  oidc?: OidcClientConfig;
  ccconeUrl?: string;
  /** Scan request ids the built-in CCC ONE sandbox fails on purpose (a regular expression); unused with CCCONE_URL. */
  ccconeSandboxFail?: string;
  /** Per CCC ONE call, from sending to the whole answer read. */
  ccconeTimeoutMs: number;
  /** Shop ids the built-in provider sandbox fails on purpose when a registration is resent (a regular expression). */
  providerSandboxFail?: string;
  /** Per call to the identity provider (discovery, token, renewal, revocation). */
  oidcTimeoutMs: number;
  /** The secret the built-in sandbox requires of its callers; absent: generated per process. */
  ccconeSandboxSecret?: string;
  shutdownTimeoutMs: number;
  /** The bearer token GET /metrics requires; absent: no metrics are served. */
  metricsToken?: string;
  /** On SIGTERM, how long /api/ready answers 503 while the server still serves, before it stops accepting connections. */
  shutdownDrainMs: number;
  /** CSV exports downloading at once, per user and in this process; more are answered 429. */
  exportLimits: ExportLimits;
  /** Days of audit events kept (AUDIT_RETENTION_DAYS, decision 0088); null: every event kept. */
  auditRetentionDays: number | null;
  /** The Coverage Map's tiles: a URL with {z}, {x} and {y}, fetched by the browser. */
  mapTileUrl: string;
  /** Hosts, addresses and ranges the guarded outbound client may call although they are internal (decision 0061). */
  outboundAllow: OutboundAllowList;
}

export interface ConfigProblem {
  variable: string;
  message: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join("; ")}.`);
    this.name = "ConfigError";
  }
}

export type Environment = Record<string, string | undefined>;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

function optionalText() {
  return z.preprocess(blankToUndefined, z.string().optional());
}

function textWithDefault(fallback: string) {
  return optionalText().transform((value) => value ?? fallback);
}

function wholeNumber(min: number, max: number, fallback: number) {
  return optionalWholeNumber(min, max).transform((value) => value ?? fallback);
}

/** A whole number in a range, or null when unset. */
function optionalWholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return optionalText().transform((value, ctx): number | null => {
    if (value === undefined) return null;
    const parsed = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed;
  });
}

function httpUrl(what: string) {
  const message = `must be an http:// or https:// URL${what}`;
  return optionalText().transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parsed = URL.canParse(value) ? new URL(value) : undefined;
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed;
  });
}

function tileUrlTemplate() {
  const message = "must be an http:// or https:// URL with {z}, {x} and {y} in it, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png";
  return optionalText().transform((value, ctx) => {
    if (value === undefined) return DEFAULT_MAP_TILE_URL;
    const sample = value.replaceAll("{z}", "4").replaceAll("{x}", "3").replaceAll("{y}", "6");
    const parsed = URL.canParse(sample) ? new URL(sample) : undefined;
    const otherPlaceholder = /\{(?![zxy]\})/.test(value);
    if (!parsed || otherPlaceholder || !["http:", "https:"].includes(parsed.protocol) || !["{z}", "{x}", "{y}"].every((part) => value.includes(part))) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });
}

const POSTGRES_URL = /^postgres(ql)?:\/\//i;
const URL_SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/** postgres:// or postgresql:// means PostgreSQL; file:PATH, sqlite:PATH or a bare path a SQLite file. */
function parseDatabaseUrl(value: string | undefined, ctx: z.RefinementCtx): DatabaseTarget | undefined {
  if (value === undefined) return undefined;
  if (POSTGRES_URL.test(value)) {
    // The value may carry a password: the messages never repeat it.
    const parsed = URL.canParse(value) ? new URL(value) : undefined;
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: "is not a valid URL (expected postgres://user:password@host:port/database)" });
      return undefined;
    }
    if (!parsed.hostname || parsed.pathname.length < 2) {
      ctx.addIssue({ code: "custom", message: "must name a host and a database (postgres://user:password@host:port/database)" });
      return undefined;
    }
    return { kind: "postgres", url: value };
  }
  const scheme = URL_SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === "file" || scheme === "sqlite") {
    const file = value.slice(scheme.length + 1).replace(/^\/\/(?=\/)/, "");
    if (file === "") {
      ctx.addIssue({ code: "custom", message: `must name a file after ${scheme}:` });
      return undefined;
    }
    return { kind: "sqlite", file: path.resolve(file) };
  }
  if (scheme) {
    ctx.addIssue({ code: "custom", message: "must be a postgres:// or postgresql:// URL, or a file: path to a SQLite database" });
    return undefined;
  }
  return { kind: "sqlite", file: path.resolve(value) };
}

const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrSubnet(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  if (extra !== undefined || !address || net.isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = net.isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(prefix) && Number(prefix) <= bits;
}

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim().toLowerCase();
  if (trimmed === "true") return true;
  if (trimmed === "false") return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(",").map((entry) => entry.trim());
  if (entries.every(isAddressOrSubnet)) return entries;
  ctx.addIssue({
    code: "custom",
    message: "must be true, false, a number of proxy hops, or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal",
  });
  return undefined;
}

function outboundAllowList() {
  return optionalText().transform((value, ctx) => {
    if (value === undefined) return EMPTY_ALLOW_LIST;
    const parsed = parseOutboundAllow(value);
    if (parsed.ok) return parsed.list;
    ctx.addIssue({
      code: "custom",
      message: `must be a comma-separated list of host names, IP addresses and CIDR ranges, such as provider.internal,10.0.0.5,10.1.0.0/16 ("${parsed.entry.slice(0, 60)}" is none of those)`,
    });
    return z.NEVER;
  });
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const environmentSchema = z
  .object({
    PORT: wholeNumber(0, 65535, 3000),
    HOST: textWithDefault("127.0.0.1").refine((host) => net.isIP(host) !== 0 || HOSTNAME.test(host), {
      message: "must be an IP address or a host name (0.0.0.0 listens on every interface)",
    }),
    DATABASE_URL: optionalText().transform(parseDatabaseUrl),
    DATA_DIR: textWithDefault("./data"),
    SESSION_SECRET: optionalText().refine((secret) => secret === undefined || secret.length >= MIN_SESSION_SECRET_LENGTH, {
      message: `must be at least ${MIN_SESSION_SECRET_LENGTH} characters long`,
    }),
    CONFIG_ENCRYPTION_KEY: optionalText().transform((text, ctx) => {
      if (text === undefined) return undefined;
      const key = decodeConfigEncryptionKey(text);
      if (!key) {
        ctx.addIssue({ code: "custom", message: CONFIG_KEY_FORMAT });
        return z.NEVER;
      }
      return key;
    }),
    SEED_SCALE: wholeNumber(1, 10_000_000, 30_000),
    DEMO_PASSWORD: textWithDefault(DEFAULT_DEMO_PASSWORD).refine((password) => password.length >= 8, {
      message: "must be at least 8 characters long",
    }),
    LOG_LEVEL: z.preprocess(
      (value) => (typeof value === "string" ? blankToUndefined(value.trim().toLowerCase()) : value),
      z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
    ),
    LOG_FORMAT: z.preprocess(
      (value) => (typeof value === "string" ? blankToUndefined(value.trim().toLowerCase()) : value),
      z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(", ")} (unset: pretty at a terminal, json otherwise)` }).optional(),
    ),
    PUBLIC_URL: httpUrl(" origin such as https://portal.example.com").refine(
      (url) => url === undefined || (url.pathname === "/" && url.search === "" && url.hash === ""),
      { message: "must be an origin only (scheme, host and port, no path), such as https://portal.example.com" },
    ),
    TRUST_PROXY: optionalText().transform(parseTrustProxy),
    OIDC_ISSUER: httpUrl(""),
    OIDC_CLIENT_ID: optionalText(),
    OIDC_CLIENT_SECRET: optionalText(),
    CCCONE_URL: httpUrl(""),
    CCCONE_SANDBOX_FAIL: optionalText().refine((pattern) => pattern === undefined || failurePatternProblem(pattern) === null, {
      message: "must be a regular expression matched against whole scan request ids, such as \\d*7 or 12|345",
    }),
    CCCONE_TIMEOUT_MS: wholeNumber(1, 600_000, DEFAULT_CCCONE_TIMEOUT_MS),
    PROVIDER_SANDBOX_FAIL: optionalText().refine((pattern) => pattern === undefined || failurePatternProblem(pattern) === null, {
      message: "must be a regular expression matched against whole shop ids, such as \\d*7 or 12|345",
    }),
    OIDC_TIMEOUT_MS: wholeNumber(1, 600_000, DEFAULT_OIDC_TIMEOUT_MS),
    CCCONE_SANDBOX_SECRET: optionalText().refine((secret) => secret === undefined || secret.length >= MIN_SANDBOX_SECRET_LENGTH, {
      message: `must be at least ${MIN_SANDBOX_SECRET_LENGTH} characters long`,
    }),
    SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000, 10_000),
    SHUTDOWN_DRAIN_MS: wholeNumber(0, 120_000, 0),
    METRICS_TOKEN: optionalText().refine((token) => token === undefined || /^[\x21-\x7e]{16,}$/.test(token), {
      message: "must be at least 16 printable characters without spaces",
    }),
    EXPORT_LIMIT_PER_USER: wholeNumber(1, 1000, DEFAULT_EXPORT_LIMITS.perUser),
    EXPORT_LIMIT_TOTAL: wholeNumber(1, 1000, DEFAULT_EXPORT_LIMITS.total),
    // Unset: every audit event is kept (issue 29, decision 0088).
    AUDIT_RETENTION_DAYS: optionalWholeNumber(1, 36_500),
    MAP_TILE_URL: tileUrlTemplate(),
    OUTBOUND_ALLOW: outboundAllowList(),
  })
  .superRefine((env, ctx) => {
    const oidc = { OIDC_ISSUER: env.OIDC_ISSUER, OIDC_CLIENT_ID: env.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET };
    const missing = Object.entries(oidc)
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    if (missing.length > 0 && missing.length < 3) {
      for (const name of missing) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "is required when any of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET is set (set all three or none)",
        });
      }
    }
    // Each instance would otherwise generate its own secret and reject the others' session cookies.
    if (env.DATABASE_URL?.kind === "postgres" && env.SESSION_SECRET === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when DATABASE_URL points at PostgreSQL (every instance must share it)",
      });
    }
  });

/** Every variable the portal reads (.env.example documents each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(environmentSchema.shape);

function problemsOf(error: z.ZodError): ConfigProblem[] {
  return error.issues.map((issue) => ({ variable: String(issue.path[0] ?? "environment"), message: issue.message }));
}

/**
 * Validates the given environment (never process.env implicitly). When SESSION_SECRET is absent
 * in the embedded (SQLite) setup, the secret is read from, or generated once into,
 * DATA_DIR/secrets/session-secret; CONFIG_ENCRYPTION_KEY likewise from DATA_DIR/secrets/config-encryption-key.
 */
export function loadConfig(env: Environment): AppConfig {
  const result = environmentSchema.safeParse(env);
  if (!result.success) throw new ConfigError(problemsOf(result.error));
  const parsed = result.data;
  const dataDir = path.resolve(parsed.DATA_DIR);

  let sessionSecret = parsed.SESSION_SECRET;
  const sessionSecretSource = sessionSecret === undefined ? "file" : "environment";
  if (sessionSecret === undefined) {
    try {
      sessionSecret = readOrCreateSessionSecret(dataDir);
    } catch (error) {
      if (error instanceof SessionSecretError) throw new ConfigError([{ variable: "DATA_DIR", message: error.message }]);
      throw error;
    }
  }

  let configEncryptionKey = parsed.CONFIG_ENCRYPTION_KEY;
  const configEncryptionKeySource = configEncryptionKey === undefined ? "file" : "environment";
  if (configEncryptionKey === undefined) {
    try {
      configEncryptionKey = readOrCreateConfigEncryptionKey(dataDir);
    } catch (error) {
      if (error instanceof ConfigEncryptionKeyError) throw new ConfigError([{ variable: "DATA_DIR", message: error.message }]);
      throw error;
    }
  }

  const oidc =
    parsed.OIDC_ISSUER && parsed.OIDC_CLIENT_ID && parsed.OIDC_CLIENT_SECRET
      ? { issuer: parsed.OIDC_ISSUER.href.replace(/\/$/, ""), clientId: parsed.OIDC_CLIENT_ID, clientSecret: parsed.OIDC_CLIENT_SECRET }
      : undefined;

  return {
    port: parsed.PORT,
    host: parsed.HOST,
    database: parsed.DATABASE_URL ?? { kind: "sqlite", file: path.join(dataDir, "portal.sqlite") },
    dataDir,
    sessionSecret,
    sessionSecretSource,
    configEncryptionKey,
    configEncryptionKeySource,
    seedScale: parsed.SEED_SCALE,
    demoPassword: parsed.DEMO_PASSWORD,
    demoPasswordIsDefault: parsed.DEMO_PASSWORD === DEFAULT_DEMO_PASSWORD,
    logLevel: parsed.LOG_LEVEL,
    logFormat: parsed.LOG_FORMAT,
    publicUrl: parsed.PUBLIC_URL?.origin,
    trustProxy: parsed.TRUST_PROXY,
    oidc,
    ccconeUrl: parsed.CCCONE_URL?.href,
    ccconeSandboxFail: parsed.CCCONE_SANDBOX_FAIL,
    ccconeTimeoutMs: parsed.CCCONE_TIMEOUT_MS,
    providerSandboxFail: parsed.PROVIDER_SANDBOX_FAIL,
    oidcTimeoutMs: parsed.OIDC_TIMEOUT_MS,
    ccconeSandboxSecret: parsed.CCCONE_SANDBOX_SECRET,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: parsed.SHUTDOWN_DRAIN_MS,
    metricsToken: parsed.METRICS_TOKEN,
    exportLimits: { perUser: parsed.EXPORT_LIMIT_PER_USER, total: parsed.EXPORT_LIMIT_TOTAL },
    auditRetentionDays: parsed.AUDIT_RETENTION_DAYS,
    mapTileUrl: parsed.MAP_TILE_URL,
    outboundAllow: parsed.OUTBOUND_ALLOW,
  };
}

/** What the start-up log may show: no secrets, no credentials. */
export function describeConfig(config: AppConfig): Record<string, string | number | boolean> {
  return {
    port: config.port,
    host: config.host,
    database: config.database.kind === "postgres" ? "postgres" : `sqlite:${config.database.file}`,
    dataDir: config.dataDir,
    seedScale: config.seedScale,
    logLevel: config.logLevel,
    exportLimits: `${config.exportLimits.perUser} per user, ${config.exportLimits.total} in total`,
    auditRetention: config.auditRetentionDays === null ? "every event kept" : `${config.auditRetentionDays} days`,
    mapTiles: tileOrigin(config.mapTileUrl),
    outboundAllow: config.outboundAllow.entries.length > 0 ? config.outboundAllow.entries.join(",") : "none",
    metrics: config.metricsToken ? "GET /metrics with its token" : "off (METRICS_TOKEN not set)",
    identityProvider: config.oidc ? new URL(config.oidc.issuer).origin : "built-in",
    sessionSigningKey: config.sessionSecretSource === "file" ? "generated, in DATA_DIR/secrets" : "from SESSION_SECRET",
    configEncryptionKey: config.configEncryptionKeySource === "file" ? "generated, in DATA_DIR/secrets" : "from CONFIG_ENCRYPTION_KEY",
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    ...(config.ccconeUrl ? { cccone: new URL(config.ccconeUrl).origin } : {}),
    ...(!config.ccconeUrl && config.ccconeSandboxFail ? { ccconeSandboxFail: config.ccconeSandboxFail } : {}),
    ...(config.providerSandboxFail ? { providerSandboxFail: config.providerSandboxFail } : {}),
  };
}
