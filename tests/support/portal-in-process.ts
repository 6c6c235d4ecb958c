import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { forgetIssuerMetadata } from "~/auth/oidc-discovery.server";
import { setUpSignIn } from "~/auth/sign-in-setup.server";
import { loadConfig } from "~/config.server";
import type { PortalDatabase } from "~/db/connect.server";
import { setDatabase } from "~/db/db.server";
import { setExportLimits } from "~/grid/export-slots.server";
import { createPortalApp } from "~/http/create-app.server";
import { lateMount } from "~/http/late-mount.server";
import { loadRemixBuild } from "~/http/remix-build.server";
import { mayOpenRoutes } from "~/http/route-access.server";
import { configureCccOneClient, sandboxFor } from "~/integrations/cccone/setup.server";
import { configureProviderSandboxClient, providerSandboxFor } from "~/integrations/providers/setup.server";
import { createLogger, setLogLevel, type LogLevel } from "~/lib/logger.server";
import { setMapTileUrl } from "~/lib/map-tiles.server";
import { setSecretBoxKey } from "~/platform/configuration/secret-box.server";
import { openPortalDatabase } from "~/startup.server";
import { createPostgresDatabase } from "./databases";

/**
 * The portal as server.ts assembles it (configuration, the production Remix build, migrated and
 * seeded database, Express pipeline, built-in identity provider and CCC ONE sandbox), but inside
 * the test's own process: no child to spawn, and the test reads the very database the portal
 * writes. It listens on a loopback port of its own (port 0), so requests take the real HTTP path.
 * Run one at a time in a process: the portal keeps its settings on globalThis (stop() clears them).
 * It runs the build: after a change in app/, `npm run build` before the test sees it.
 */

export interface LogRecord {
  level: string;
  msg: string;
  [field: string]: unknown;
}

export interface PortalInProcess {
  /** http://localhost:PORT, the public origin the session cookies belong to. */
  base: string;
  /** The portal's own database connection. */
  database: PortalDatabase;
  dataDir: string;
  /** JSON log lines the portal wrote at `warn` and above (the Remix bundle's and the pipeline's). */
  logs: LogRecord[];
  stop(): Promise<void>;
}

export interface PortalInProcessOptions {
  seedScale?: number;
  /** Lines below this level are dropped (default warn: the access log of thousands of requests is noise). */
  logLevel?: LogLevel;
}

/** A JSON log line (the portal's format) taken out of what is written to stdout; other output passes. */
function captureStdoutLogs(into: LogRecord[]): () => void {
  const original = process.stdout.write.bind(process.stdout);
  const replacement = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (text.startsWith('{"time":')) {
      for (const line of text.split("\n")) if (line.trim() !== "") into.push(JSON.parse(line) as LogRecord);
      return true;
    }
    return (original as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean)(chunk, ...rest);
  };
  process.stdout.write = replacement as typeof process.stdout.write;
  return () => {
    process.stdout.write = original;
  };
}

export async function startPortalInProcess(target: "sqlite" | "postgres", options: PortalInProcessOptions = {}): Promise<PortalInProcess> {
  // As server.ts: React and Remix run their production code (vitest sets NODE_ENV=test).
  process.env.NODE_ENV = "production";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-inproc-"));
  const postgres = target === "postgres" ? await createPostgresDatabase("portal_inproc") : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: "0",
    SEED_SCALE: String(options.seedScale ?? 200),
    SESSION_SECRET: "in-process-session-secret-0123456789abcdef",
    LOG_LEVEL: options.logLevel ?? "warn",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const logs: LogRecord[] = [];
  const restoreStdout = captureStdoutLogs(logs);
  setLogLevel(config.logLevel);
  setExportLimits(config.exportLimits);
  setMapTileUrl(config.mapTileUrl);
  setSecretBoxKey(config.configEncryptionKey);
  const logger = createLogger({ level: () => config.logLevel, write: (line) => void logs.push(JSON.parse(line) as LogRecord) });

  const remix = await loadRemixBuild(path.resolve("."), "production", logger);
  const database = await openPortalDatabase(config, logger);
  const server = http.createServer();
  const identityProvider = lateMount("The sign-in service is starting; try again in a moment.");
  const allowedOrigins: string[] = [];
  const sandbox = sandboxFor(config);
  const providerSandbox = providerSandboxFor(config);
  const app = createPortalApp({
    config,
    remixBuild: remix.build,
    mode: "production",
    publicDir: path.resolve("public"),
    logger,
    isStopping: () => false,
    identityProvider,
    allowedOrigins: () => allowedOrigins,
    ccconeSandbox: sandbox?.router,
    providerSandbox: providerSandbox.router,
    mayOpen: mayOpenRoutes,
  });
  server.on("request", app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address() as AddressInfo;
  const signIn = await setUpSignIn(config, database, address, logger);
  allowedOrigins.push(signIn.settings.publicOrigin);
  identityProvider.mount(signIn.identityProvider ?? ((_req, _res, next) => next()));
  configureCccOneClient(config, address, sandbox);
  configureProviderSandboxClient(address, providerSandbox);

  return {
    base: signIn.settings.publicOrigin,
    database,
    dataDir,
    logs,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // What the process keeps on globalThis for the one portal it runs: a next one starts clean.
      setDatabase(undefined);
      forgetIssuerMetadata();
      await database.close();
      restoreStdout();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
