import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import type { AuthSettings } from "./auth/auth-settings.server";
import { forgetIssuerMetadata } from "./auth/oidc-discovery.server";
import { countActiveSessions } from "./auth/session-store.server";
import { setUpSignIn } from "./auth/sign-in-setup.server";
import { describeConfig, loadConfig } from "./config.server";
import { scheduleAuditRetention } from "./db/audit-retention.server";
import type { PortalDatabase } from "./db/connect.server";
import { setDatabase } from "./db/db.server";
import { setExportLimits } from "./grid/export-slots.server";
import { createPortalApp } from "./http/create-app.server";
import { installGracefulShutdown } from "./http/graceful-shutdown.server";
import { lateMount } from "./http/late-mount.server";
import { mayOpenRoutes } from "./http/route-access.server";
import { configureCccOneClient, sandboxFor } from "./integrations/cccone/setup.server";
import { setOutboundAllowList } from "./integrations/http/outbound-allow.server";
import { configureProviderSandboxClient, providerSandboxFor } from "./integrations/providers/setup.server";
import { chosenLogFormat, log, setLogFormat, setLogLevel } from "./lib/logger.server";
import { setMapTileUrl } from "./lib/map-tiles.server";
import { setMetricProbes } from "./lib/metrics.server";
import { StartupError } from "./lib/startup-error";
import { setStoppingProbe } from "./lib/stopping.server";
import { liveRestore, markRunningPortal } from "./platform/backup/portal-presence.server";
import { setSecretBoxKey } from "./platform/configuration/secret-box.server";
import { announceListening } from "./startup-banner.server";
import { describeStartFailure, ensureWritableDataDir, openPortalDatabase } from "./startup.server";

export interface PortalStart {
  /** The Remix build to serve: the build this module is itself part of (decision 0080). */
  build: ServerBuild;
  projectRoot: string;
  mode: "production" | "development";
  env: Record<string, string | undefined>;
  /**
   * Given (server.ts): SIGTERM and SIGINT stop the portal and end the process through it. Absent
   * (a test running the portal in its own process): the caller stops the portal with stop().
   */
  exit?: (code: number) => void;
}

export interface RunningPortal {
  /** The origin the session cookies belong to (PUBLIC_URL, else the listening address). */
  publicOrigin: string;
  /** What the sign-in client runs with (the session cookie's secret among them). */
  authSettings: AuthSettings;
  database: PortalDatabase;
  dataDir: string;
  /** Closes the server and the database and forgets what this process kept for them. */
  stop(): Promise<void>;
}

/** What server.ts finds on the Remix build's server entry: the portal is started from inside the build. */
export interface PortalEntry {
  startPortal(start: PortalStart): Promise<RunningPortal>;
  describeStartFailure(error: unknown): string | undefined;
}

export { describeStartFailure };

/**
 * Configuration, data directory, database, Express pipeline, sign-in and the outbound clients,
 * in the order the portal needs them. The port is taken before the database is migrated and
 * seeded, so a port in use is said at once; until the portal is ready every request is answered 503.
 */
export async function startPortal({ build, projectRoot, mode, env, exit }: PortalStart): Promise<RunningPortal> {
  const config = loadConfig(env);
  setLogLevel(config.logLevel);
  setLogFormat(chosenLogFormat(config.logFormat, process.stdout.isTTY === true));
  setExportLimits(config.exportLimits);
  setMapTileUrl(config.mapTileUrl);
  setOutboundAllowList(config.outboundAllow);
  setSecretBoxKey(config.configEncryptionKey);
  log.info("Starting the Diagnostics Operations Portal", { mode, ...describeConfig(config) });

  // Marked before the check, as a restore marks itself before its own: of two starting together,
  // at least one sees the other and gives way.
  ensureWritableDataDir(config.dataDir);
  const presence = markRunningPortal(config.dataDir, new Date());
  const restore = liveRestore(config.dataDir);
  if (restore) {
    presence.release();
    throw new StartupError(`A restore is running on ${config.dataDir} (process ${restore.pid}); start the portal once it has finished.`);
  }

  const server = http.createServer();
  const ready: { app?: http.RequestListener } = {};
  server.on("request", (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (ready.app) return ready.app(request, response);
    response.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "1" }).end("The portal is starting; try again in a moment.");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", (error: NodeJS.ErrnoException) => {
      presence.release();
      reject(
        error.code === "EADDRINUSE" || error.code === "EACCES" || error.code === "EADDRNOTAVAIL"
          ? new StartupError(`Cannot listen on ${config.host}:${config.port} (${error.code}); set PORT or HOST.`)
          : error,
      );
    });
    server.listen(config.port, config.host);
  });

  const database = await openPortalDatabase(config, log).catch((error: unknown) => {
    server.close();
    presence.release();
    throw error;
  });
  const { native } = database;
  setMetricProbes({
    activeSessions: () => countActiveSessions(new Date()),
    pool:
      native.dialect === "postgres" ? () => ({ total: native.pool.totalCount, idle: native.pool.idleCount, waiting: native.pool.waitingCount }) : () => null,
  });
  // AUDIT_RETENTION_DAYS (decision 0088): unset, nothing is pruned.
  const stopRetention = scheduleAuditRetention(database, config.auditRetentionDays, log);
  const release = async () => {
    stopRetention();
    setDatabase(undefined);
    forgetIssuerMetadata();
    await database.close();
    presence.release();
  };
  const shutdown = exit
    ? installGracefulShutdown({ server, timeoutMs: config.shutdownTimeoutMs, drainMs: config.shutdownDrainMs, logger: log, release, exit })
    : null;
  const isStopping = shutdown ? shutdown.isStopping : () => false;
  setStoppingProbe(isStopping);

  const identityProvider = lateMount("The sign-in service is starting; try again in a moment.");
  const allowedOrigins: string[] = [];
  const ccconeSandbox = sandboxFor(config);
  const providerSandbox = providerSandboxFor(config);
  ready.app = createPortalApp({
    config,
    remixBuild: build,
    mode,
    publicDir: path.join(projectRoot, "public"),
    logger: log,
    isStopping,
    identityProvider,
    allowedOrigins: () => allowedOrigins,
    ccconeSandbox: ccconeSandbox?.router,
    providerSandbox: providerSandbox.router,
    mayOpen: mayOpenRoutes,
  });
  // From here the app answers (the identity provider's paths say they are starting until mounted).
  const address = server.address() as AddressInfo;
  const signIn = await setUpSignIn(config, database, address, log);
  allowedOrigins.push(signIn.settings.publicOrigin);
  // With an external issuer there is no /oidc here: such paths fall through to the 404 page.
  identityProvider.mount(signIn.identityProvider ?? ((_req, _res, next) => next()));
  const cccone = configureCccOneClient(config, address, ccconeSandbox);
  configureProviderSandboxClient(address, providerSandbox);
  log.info("CCC ONE client ready", { target: ccconeSandbox ? "built-in sandbox" : new URL(cccone.baseUrl).origin, timeoutMs: cccone.timeoutMs });
  announceListening(config, address, signIn.settings.publicOrigin, log);
  // Under `remix dev` the compiler restarts this process after each build and waits for this word.
  if (mode === "development") void broadcastDevReady(build);

  return {
    publicOrigin: signIn.settings.publicOrigin,
    authSettings: signIn.settings,
    database,
    dataDir: config.dataDir,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await release();
    },
  };
}
