import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, loadConfig, type Environment } from "~/config.server";
import { configEncryptionKeyFile } from "~/lib/config-encryption-key.server";
import { sessionSecretFile } from "~/lib/session-secret.server";

const tempDirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-config-"));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const SECRET = "s".repeat(32);
const KEY_HEX = "0123456789abcdef".repeat(4);

/** An environment with a data directory of its own, so no test writes into ./data. */
function env(overrides: Environment = {}): Environment {
  return { DATA_DIR: tempDataDir(), ...overrides };
}

function configError(environment: Environment): ConfigError {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("loadConfig accepted the environment");
}

describe("loadConfig", () => {
  it("applies the embedded defaults", () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      database: { kind: "sqlite", file: path.join(dataDir, "portal.sqlite") },
      dataDir,
      seedScale: 30000,
      demoPassword: "demo-portal",
      demoPasswordIsDefault: true,
      logLevel: "info",
      shutdownTimeoutMs: 10000,
      shutdownDrainMs: 0,
      sessionSecretSource: "file",
    });
    expect(config.publicUrl).toBeUndefined();
    expect(config.trustProxy).toBeUndefined();
    expect(config.oidc).toBeUndefined();
    expect(config.ccconeUrl).toBeUndefined();
    expect(config.mapTileUrl).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(loadConfig({ DATA_DIR: dataDir, MAP_TILE_URL: "http://127.0.0.1:8080/{z}/{x}/{y}.png" }).mapTileUrl).toBe("http://127.0.0.1:8080/{z}/{x}/{y}.png");
  });

  it("defaults DATA_DIR to ./data, resolved against the working directory", () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, CONFIG_ENCRYPTION_KEY: KEY_HEX });
    expect(config.dataDir).toBe(path.resolve("data"));
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgresql://portal:pw@db.internal:5433/portal",
      DATA_DIR: tempDataDir(),
      SESSION_SECRET: SECRET,
      SEED_SCALE: "1500",
      DEMO_PASSWORD: "another-password",
      LOG_LEVEL: "DEBUG",
      PUBLIC_URL: "https://portal.example.com/",
      TRUST_PROXY: "1",
      OIDC_ISSUER: "https://login.example.com/oauth2/default",
      OIDC_CLIENT_ID: "portal",
      OIDC_CLIENT_SECRET: "client-secret",
      CCCONE_URL: "https://cccone.example.com/api",
      SHUTDOWN_TIMEOUT_MS: "2500",
      SHUTDOWN_DRAIN_MS: "5000",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      database: { kind: "postgres", url: "postgresql://portal:pw@db.internal:5433/portal" },
      sessionSecret: SECRET,
      sessionSecretSource: "environment",
      seedScale: 1500,
      demoPassword: "another-password",
      demoPasswordIsDefault: false,
      logLevel: "debug",
      publicUrl: "https://portal.example.com",
      trustProxy: 1,
      oidc: { issuer: "https://login.example.com/oauth2/default", clientId: "portal", clientSecret: "client-secret" },
      ccconeUrl: "https://cccone.example.com/api",
      shutdownTimeoutMs: 2500,
      shutdownDrainMs: 5000,
    });
  });

  it("treats empty variables as absent", () => {
    const config = loadConfig(env({ PORT: "", HOST: " ", LOG_LEVEL: "", DATABASE_URL: "", OIDC_ISSUER: "" }));
    expect(config).toMatchObject({ port: 3000, host: "127.0.0.1", logLevel: "info", database: { kind: "sqlite" } });
  });

  it("takes a SQLite file from DATABASE_URL", () => {
    expect(loadConfig(env({ DATABASE_URL: "file:/var/lib/portal/db.sqlite" })).database).toEqual({
      kind: "sqlite",
      file: "/var/lib/portal/db.sqlite",
    });
    expect(loadConfig(env({ DATABASE_URL: "./portal.sqlite" })).database).toEqual({
      kind: "sqlite",
      file: path.resolve("portal.sqlite"),
    });
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["HOST", "not a host!"],
    ["DATABASE_URL", "postgres://"],
    ["DATABASE_URL", "postgres://nohost:99999/x"],
    ["DATABASE_URL", "postgres://db.internal"],
    ["DATABASE_URL", "mysql://db.internal/portal"],
    ["DATABASE_URL", "file:"],
    ["SESSION_SECRET", "too-short"],
    ["SEED_SCALE", "0"],
    ["SEED_SCALE", "many"],
    ["DEMO_PASSWORD", "short"],
    ["LOG_LEVEL", "verbose"],
    ["PUBLIC_URL", "portal.example.com"],
    ["PUBLIC_URL", "https://portal.example.com/app"],
    ["PUBLIC_URL", "ftp://portal.example.com"],
    ["TRUST_PROXY", "yes please"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["CCCONE_URL", "not a url"],
    ["PROVIDER_SANDBOX_FAIL", "("],
    ["SHUTDOWN_TIMEOUT_MS", "soon"],
    ["SHUTDOWN_DRAIN_MS", "200000"],
    ["MAP_TILE_URL", "https://tiles.example.com/tile.png"],
    ["MAP_TILE_URL", "ftp://tiles.example.com/{z}/{x}/{y}.png"],
    ["MAP_TILE_URL", "https://{s}.tile.example.com/{z}/{x}/{y}.png"],
    ["CONFIG_ENCRYPTION_KEY", "0123456789abcdef"],
    ["CONFIG_ENCRYPTION_KEY", "not base64!"],
    ["OUTBOUND_ALLOW", "provider.internal,http://10.0.0.1/"],
    ["OUTBOUND_ALLOW", "10.0.0.0/33"],
    ["OUTBOUND_ALLOW", "under_score.internal"],
  ])("names %s in the error when it is %j", (variable, value) => {
    const error = configError(env({ SESSION_SECRET: SECRET, [variable]: value }));
    expect(error.problems.map((p) => p.variable)).toEqual([variable]);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(error.message).not.toContain("\n");
  });

  it("never repeats a database password or a short secret in its message", () => {
    const url = configError(env({ DATABASE_URL: "postgres://user:hunter2@:5432" }));
    expect(url.message).not.toContain("hunter2");
    const secret = configError(env({ SESSION_SECRET: "tiny-secret-value" }));
    expect(secret.message).not.toContain("tiny-secret-value");
  });

  it("reports every bad variable at once, in one line", () => {
    const error = configError(env({ PORT: "x", LOG_LEVEL: "loud" }));
    expect(error.problems.map((p) => p.variable).sort()).toEqual(["LOG_LEVEL", "PORT"]);
    expect(error.message.split("\n")).toHaveLength(1);
  });

  it("reads OUTBOUND_ALLOW's host names, addresses and ranges; none by default", () => {
    expect(loadConfig(env()).outboundAllow.entries).toEqual([]);
    const allow = loadConfig(env({ OUTBOUND_ALLOW: " provider-gateway.internal, 127.0.0.1 ,10.20.0.0/16,fd00::/8" })).outboundAllow;
    expect(allow.entries).toEqual(["provider-gateway.internal", "127.0.0.1", "10.20.0.0/16", "fd00::/8"]);
    expect(allow.hosts.has("provider-gateway.internal")).toBe(true);
    expect(allow.addresses.check("10.20.9.9", "ipv4")).toBe(true);
    expect(allow.addresses.check("fd12::1", "ipv6")).toBe(true);
    expect(allow.addresses.check("10.21.0.1", "ipv4")).toBe(false);
  });

  it("accepts the Express trust-proxy forms", () => {
    expect(loadConfig(env({ TRUST_PROXY: "true" })).trustProxy).toBe(true);
    expect(loadConfig(env({ TRUST_PROXY: "false" })).trustProxy).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: "2" })).trustProxy).toBe(2);
    expect(loadConfig(env({ TRUST_PROXY: "loopback, 10.0.0.0/8, ::1" })).trustProxy).toEqual(["loopback", "10.0.0.0/8", "::1"]);
  });

  describe("OIDC variables", () => {
    it("are all three or none", () => {
      expect(loadConfig(env()).oidc).toBeUndefined();
      const error = configError(env({ OIDC_ISSUER: "https://login.example.com" }));
      expect(error.problems.map((p) => p.variable).sort()).toEqual(["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"]);
      expect(error.message).toContain("set all three or none");
      const secretOnly = configError(env({ OIDC_CLIENT_ID: "portal", OIDC_CLIENT_SECRET: "x" }));
      expect(secretOnly.problems.map((p) => p.variable)).toEqual(["OIDC_ISSUER"]);
    });

    it("need an http(s) issuer", () => {
      const error = configError(env({ OIDC_ISSUER: "login.example.com", OIDC_CLIENT_ID: "portal", OIDC_CLIENT_SECRET: "x" }));
      expect(error.problems.map((p) => p.variable)).toEqual(["OIDC_ISSUER"]);
    });
  });

  describe("session secret", () => {
    it("is generated once in DATA_DIR/secrets with mode 0600 and reused on the next start", () => {
      const dataDir = tempDataDir();
      const first = loadConfig({ DATA_DIR: dataDir });
      const file = sessionSecretFile(dataDir);
      expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
      expect(fs.readFileSync(file, "utf8").trim()).toBe(first.sessionSecret);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      const second = loadConfig({ DATA_DIR: dataDir });
      expect(second.sessionSecret).toBe(first.sessionSecret);
      expect(loadConfig({ DATA_DIR: tempDataDir() }).sessionSecret).not.toBe(first.sessionSecret);
    });

    it("comes from SESSION_SECRET when set, and then no file is written", () => {
      const dataDir = tempDataDir();
      expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET);
      expect(fs.existsSync(sessionSecretFile(dataDir))).toBe(false);
    });

    it("is required with PostgreSQL, where instances must share it", () => {
      const error = configError(env({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/portal" }));
      expect(error.problems.map((p) => p.variable)).toEqual(["SESSION_SECRET"]);
    });

    it("refuses a data directory it cannot write, naming DATA_DIR", () => {
      const parent = tempDataDir();
      const notADirectory = path.join(parent, "file");
      fs.writeFileSync(notADirectory, "");
      const error = configError({ DATA_DIR: path.join(notADirectory, "data") });
      expect(error.problems.map((p) => p.variable)).toEqual(["DATA_DIR"]);
      expect(error.message).toContain("cannot be created or written to");
    });

    it("refuses a stored secret that is too short", () => {
      const dataDir = tempDataDir();
      fs.mkdirSync(path.dirname(sessionSecretFile(dataDir)), { recursive: true });
      fs.writeFileSync(sessionSecretFile(dataDir), "short\n");
      expect(configError({ DATA_DIR: dataDir }).problems.map((p) => p.variable)).toEqual(["DATA_DIR"]);
    });
  });
});

describe("AUDIT_RETENTION_DAYS", () => {
  it("keeps every audit event when unset or blank, else a whole number of days from 1 to 36500", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).auditRetentionDays).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, AUDIT_RETENTION_DAYS: " " }).auditRetentionDays).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, AUDIT_RETENTION_DAYS: "400" }).auditRetentionDays).toBe(400);
    for (const value of ["0", "-1", "1.5", "36501", "a year"]) {
      expect(
        configError({ DATA_DIR: dataDir, AUDIT_RETENTION_DAYS: value }).problems.map((problem) => problem.variable),
        value,
      ).toEqual(["AUDIT_RETENTION_DAYS"]);
    }
  });
});

describe(".env.example", () => {
  it("documents every variable the configuration reads, and no other", () => {
    const documented = fs
      .readFileSync(".env.example", "utf8")
      .split("\n")
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]+)=/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    expect(new Set(documented)).toEqual(new Set(CONFIG_VARIABLES));
  });

  describe("configuration encryption key", () => {
    it("comes from CONFIG_ENCRYPTION_KEY as hex or base64, and then no file is written", () => {
      const dataDir = tempDataDir();
      const hex = loadConfig({ DATA_DIR: dataDir, CONFIG_ENCRYPTION_KEY: KEY_HEX });
      expect(hex.configEncryptionKey.toString("hex")).toBe(KEY_HEX);
      expect(hex.configEncryptionKeySource).toBe("environment");
      const base64 = Buffer.from(KEY_HEX, "hex").toString("base64");
      expect(loadConfig({ DATA_DIR: dataDir, CONFIG_ENCRYPTION_KEY: base64 }).configEncryptionKey.toString("hex")).toBe(KEY_HEX);
      expect(fs.existsSync(configEncryptionKeyFile(dataDir))).toBe(false);
    });

    it("is generated once in DATA_DIR/secrets with mode 0600 and reused on the next start", () => {
      const dataDir = tempDataDir();
      const first = loadConfig({ DATA_DIR: dataDir });
      expect(first.configEncryptionKey).toHaveLength(32);
      expect(first.configEncryptionKeySource).toBe("file");
      expect(fs.statSync(configEncryptionKeyFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: dataDir }).configEncryptionKey.equals(first.configEncryptionKey)).toBe(true);
      expect(loadConfig({ DATA_DIR: tempDataDir() }).configEncryptionKey.equals(first.configEncryptionKey)).toBe(false);
    });

    it("refuses a stored key that is not 32 bytes, naming DATA_DIR, and never repeats it", () => {
      const dataDir = tempDataDir();
      fs.mkdirSync(path.dirname(configEncryptionKeyFile(dataDir)), { recursive: true });
      fs.writeFileSync(configEncryptionKeyFile(dataDir), "c2hvcnQ=\n");
      expect(configError({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).problems.map((p) => p.variable)).toEqual(["DATA_DIR"]);
      expect(configError(env({ CONFIG_ENCRYPTION_KEY: "c2hvcnQ=" })).message).not.toContain("c2hvcnQ=");
    });
  });
});
