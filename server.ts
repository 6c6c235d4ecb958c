import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { countActiveSessions } from "./app/auth/session-store.server";
import { setUpSignIn } from "./app/auth/sign-in-setup.server";
import { describeConfig, loadConfig } from "./app/config.server";
import { setExportLimits } from "./app/grid/export-slots.server";
import { createPortalApp } from "./app/http/create-app.server";
import { installGracefulShutdown } from "./app/http/graceful-shutdown.server";
import { lateMount } from "./app/http/late-mount.server";
import { findProjectRoot } from "./app/http/project-root.server";
import { loadRemixBuild } from "./app/http/remix-build.server";
import { mayOpenRoutes } from "./app/http/route-access.server";
import { configureCccOneClient, sandboxFor } from "./app/integrations/cccone/setup.server";
import { setOutboundAllowList } from "./app/integrations/http/outbound-allow.server";
import { configureProviderSandboxClient, providerSandboxFor } from "./app/integrations/providers/setup.server";
import { chosenLogFormat, log, setLogFormat, setLogLevel } from "./app/lib/logger.server";
import { setMapTileUrl } from "./app/lib/map-tiles.server";
import { setMetricProbes } from "./app/lib/metrics.server";
import { StartupError } from "./app/lib/startup-error";
import { setStoppingProbe } from "./app/lib/stopping.server";
import { liveRestore, markRunningPortal } from "./app/platform/backup/portal-presence.server";
import { setSecretBoxKey } from "./app/platform/configuration/secret-box.server";
import { announceListening } from "./app/startup-banner.server";
import { describeStartFailure, ensureWritableDataDir, openPortalDatabase } from "./app/startup.server";

async function main(): Promise<void> {
  // React is loaded with the Remix build below, so this still picks its production bundle.
  process.env.NODE_ENV ??= "production";
  const mode = process.env.NODE_ENV === "development" ? "development" : "production";

  const config = loadConfig(process.env);
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

  const projectRoot = findProjectRoot(import.meta.url);
  const remix = await loadRemixBuild(projectRoot, mode, log);

  // The port is taken before the database is migrated and seeded, so a port in use is said at once;
  // until the portal is ready every request is answered 503.
  const server = http.createServer();
  const ready: { app?: http.RequestListener } = {};
  server.on("request", (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (ready.app) return ready.app(request, response);
    response.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "1" }).end("The portal is starting; try again in a moment.");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", (error: NodeJS.ErrnoException) => {
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
    throw error;
  });
  const { native } = database;
  setMetricProbes({
    activeSessions: () => countActiveSessions(new Date()),
    pool:
      native.dialect === "postgres" ? () => ({ total: native.pool.totalCount, idle: native.pool.idleCount, waiting: native.pool.waitingCount }) : () => null,
  });
  const shutdown = installGracefulShutdown({
    server,
    timeoutMs: config.shutdownTimeoutMs,
    drainMs: config.shutdownDrainMs,
    logger: log,
    release: () => database.close(),
    exit: (code) => process.exit(code),
  });
  setStoppingProbe(shutdown.isStopping);
  const identityProvider = lateMount("The sign-in service is starting; try again in a moment.");
  const allowedOrigins: string[] = [];
  const ccconeSandbox = sandboxFor(config);
  const providerSandbox = providerSandboxFor(config);
  const app = createPortalApp({
    config,
    remixBuild: remix.build,
    mode,
    publicDir: path.join(projectRoot, "public"),
    logger: log,
    isStopping: shutdown.isStopping,
    identityProvider,
    allowedOrigins: () => allowedOrigins,
    ccconeSandbox: ccconeSandbox?.router,
    providerSandbox: providerSandbox.router,
    mayOpen: mayOpenRoutes,
  });
  // From here the app answers (the identity provider's paths say they are starting until mounted).
  ready.app = app;
  const address = server.address() as AddressInfo;
  const signIn = await setUpSignIn(config, database, address, log);
  allowedOrigins.push(signIn.settings.publicOrigin);
  // With an external issuer there is no /oidc here: such paths fall through to the 404 page.
  identityProvider.mount(signIn.identityProvider ?? ((_req, _res, next) => next()));
  const cccone = configureCccOneClient(config, address, ccconeSandbox);
  configureProviderSandboxClient(address, providerSandbox);
  log.info("CCC ONE client ready", { target: ccconeSandbox ? "built-in sandbox" : new URL(cccone.baseUrl).origin, timeoutMs: cccone.timeoutMs });
  announceListening(config, address, signIn.settings.publicOrigin, log);
  remix.announceReady();
}

main().catch((error: unknown) => {
  const line = describeStartFailure(error);
  if (line) {
    process.stderr.write(`Cannot start the portal: ${line}\n`);
  } else {
    process.stderr.write(`Cannot start the portal: unexpected error\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
