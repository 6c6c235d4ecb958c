import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import { SANDBOX_PATH } from "~/integrations/cccone/settings.server";
import { PROVIDER_SANDBOX_PATH } from "~/integrations/providers/endpoints";
import type { Logger } from "~/lib/logger.server";
import { tileOrigin } from "~/lib/map-tiles.server";
import { clientMistake, logRequestError } from "~/lib/request-error-log.server";
import type { TrustProxy } from "~/lib/trust-proxy";
import { compressionByKind } from "./compression-by-kind.server";
import type { LateMount } from "./late-mount.server";
import { loopbackAliasRedirect } from "./loopback-alias.server";
import { malformedPathGuard } from "./malformed-path-guard.server";
import { methodGuard } from "./method-guard.server";
import { metricsEndpoint } from "./metrics-endpoint.server";
import { createRemixHandler } from "./remix-handler.server";
import { requestContextMiddleware } from "./request-context-middleware.server";
import { sameOriginGuard } from "./same-origin-guard.server";
import { securityHeadersMiddleware } from "./security-headers-middleware.server";

/** What the Express app reads of the portal's configuration (config.server.ts, which passes itself). */
export interface PortalAppConfig {
  trustProxy?: TrustProxy;
  /** An external issuer, whose sign-in form the pages may post to. */
  oidc?: { issuer: string };
  /** The Coverage Map's tiles, whose origin the pages may load images from. */
  mapTileUrl: string;
  /** The bearer token GET /metrics requires; absent: no metrics are served. */
  metricsToken?: string;
  /** The external origin (PUBLIC_URL); absent: loopback aliases are redirected to the listening one. */
  publicUrl?: string;
}

export interface PortalAppOptions {
  config: PortalAppConfig;
  /** A function is called per request, which lets development pick up a rebuilt bundle. */
  remixBuild: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  publicDir: string;
  logger: Logger;
  /** True once shutdown began: responses then close their connection instead of keeping it alive. */
  isStopping: () => boolean;
  /** The built-in identity provider, mounted at /oidc once the server listens. */
  identityProvider: LateMount;
  /** Origins whose pages may send the portal requests that change data. */
  allowedOrigins: () => readonly string[];
  /** The built-in CCC ONE sandbox, mounted at /sandbox/cccone when CCCONE_URL is not set. */
  ccconeSandbox?: RequestHandler;
  /** The built-in provider sandbox, mounted at /sandbox/providers (Resend of a registration whose provider has no routing). */
  providerSandbox?: RequestHandler;
  /** Whether a GET of these routes would show the request's user the page, without touching the session (a method a route does not answer). */
  mayOpen: (request: Request, routeIds: readonly string[]) => Promise<boolean>;
}

/** Counts the requests that reach this point under a fixed name in the metrics. */
function labelled(routeLabel: string): RequestHandler {
  return (_req, res, next) => {
    res.locals.routeLabel = routeLabel;
    next();
  };
}

function internalErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    logRequestError(logger, "Unhandled error in the request pipeline", error, { method: req.method, path: req.path });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const mistake = clientMistake(error);
    if (mistake) res.status(mistake.status).type("text/plain").send(mistake.reason);
    else res.status(500).type("text/plain").send("Internal Server Error");
  };
}

export function createPortalApp(options: PortalAppOptions): Express {
  const { config, logger } = options;
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);

  app.use(requestContextMiddleware(logger));
  // Client mistakes in the request line, answered before anything reads the path or the method.
  app.use(methodGuard());
  app.use(malformedPathGuard());
  app.use((_req, res, next) => {
    if (options.isStopping()) res.setHeader("Connection", "close");
    next();
  });
  app.use(
    securityHeadersMiddleware({
      extraFormActionOrigins: config.oidc ? [new URL(config.oidc.issuer).origin] : [],
      extraImageOrigins: [tileOrigin(config.mapTileUrl)],
    }),
  );
  // Streams stay streams: bodies are flushed after each chunk (writeBody), and compression passes a flush through.
  app.use(compressionByKind());

  // For a scraper, on whichever name it uses (before the loopback alias's redirect, which would drop its token).
  app.get("/metrics", labelled("metrics"), metricsEndpoint(config.metricsToken));
  // Without PUBLIC_URL, 127.0.0.1 and localhost are one portal (see loopback-alias.server.ts).
  if (!config.publicUrl) app.use(loopbackAliasRedirect(() => options.allowedOrigins()[0]));

  // Before any body parser: oidc-provider reads its own request bodies.
  app.use("/oidc", labelled("oidc"), options.identityProvider.middleware);
  // A service of its own that the portal calls over HTTP (server to server, so before the same-origin guard).
  if (options.ccconeSandbox) app.use(SANDBOX_PATH, labelled("sandbox"), options.ccconeSandbox);
  if (options.providerSandbox) app.use(PROVIDER_SANDBOX_PATH, labelled("sandbox"), options.providerSandbox);

  // Fingerprinted by the Remix compiler, so a file at a URL never changes.
  app.use("/build", labelled("static"));
  app.use("/build", express.static(path.join(options.publicDir, "build"), { immutable: true, maxAge: "1y", index: false }));
  app.use("/build", (_req, res) => {
    res.status(404).type("text/plain").send("Not Found");
  });
  app.use(express.static(options.publicDir, { maxAge: "1h", index: false, redirect: false, setHeaders: (res) => (res.locals.routeLabel = "static") }));

  app.use(sameOriginGuard(options.allowedOrigins));
  app.all(
    "*",
    createRemixHandler({
      build: options.remixBuild,
      mode: options.mode,
      getLoadContext: (res) => ({ nonce: res.locals.nonce, requestId: res.locals.requestId }),
      mayOpen: options.mayOpen,
    }),
  );
  app.use(internalErrorHandler(logger));
  return app;
}
