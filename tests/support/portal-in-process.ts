import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { setAuthSettings } from "~/auth/auth-settings.server";
import type { PortalDatabase } from "~/db/connect.server";
import { setDatabase } from "~/db/db.server";
import { remixBuildFile } from "~/http/remix-build.server";
import type { LogLevel } from "~/lib/logger.server";
import type { PortalEntry } from "~/start-portal.server";
import { createPostgresDatabase } from "./databases";

/**
 * The portal as server.ts starts it (the production Remix build's own startPortal: configuration,
 * migrated and seeded database, Express pipeline, built-in identity provider and CCC ONE sandbox),
 * but inside the test's own process: no child to spawn, and the test reads the very database the
 * portal writes. It listens on a loopback port of its own (port 0), so requests take the real HTTP
 * path. Run one at a time in a process: the build's modules keep the one portal's settings (stop()
 * forgets them). It runs the build: after a change in app/, `npm run build` before the test sees it.
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
  const env = {
    DATA_DIR: dataDir,
    PORT: "0",
    SEED_SCALE: String(options.seedScale ?? 200),
    SESSION_SECRET: "in-process-session-secret-0123456789abcdef",
    LOG_LEVEL: options.logLevel ?? "warn",
    LOG_FORMAT: "json",
    HOST: "127.0.0.1",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const logs: LogRecord[] = [];
  const restoreStdout = captureStdoutLogs(logs);
  const projectRoot = path.resolve(".");
  const build = (await import(pathToFileURL(remixBuildFile(projectRoot)).href)) as ServerBuild;
  const entry = build.entry.module as unknown as PortalEntry;
  const portal = await entry.startPortal({ build, projectRoot, mode: "production", env }).catch((error: unknown) => {
    restoreStdout();
    throw error;
  });
  // The test's own modules (sessions it creates, cookies it signs) work on the portal's database
  // and with its session secret; the portal itself runs on the build's modules.
  setDatabase(portal.database);
  setAuthSettings(portal.authSettings);
  return {
    base: portal.publicOrigin,
    database: portal.database,
    dataDir,
    logs,
    async stop() {
      setDatabase(undefined);
      setAuthSettings(undefined);
      await portal.stop();
      restoreStdout();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
