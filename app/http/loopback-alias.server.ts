import type { RequestHandler } from "express";

/** Paths the portal itself calls on its listening address (the identity provider) or that probes use. */
const ANY_HOST_PATHS = ["/api/", "/oidc/"];

/** Host names that reach this machine's loopback, as a browser writes them. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * With no PUBLIC_URL the portal's origin is http://localhost:PORT, and its session cookies belong
 * to that host. A page opened as http://127.0.0.1:PORT would sign in and land on localhost without
 * the cookies of the first: the same machine under another name is sent to the portal's own
 * origin first, so either name works. API paths (probes, load balancers) and the identity provider,
 * which the portal's own server calls on the listening address, answer on any name.
 */
export function loopbackAliasRedirect(publicOrigin: () => string | undefined): RequestHandler {
  return (req, res, next) => {
    const origin = publicOrigin();
    if (!origin || (req.method !== "GET" && req.method !== "HEAD") || ANY_HOST_PATHS.some((prefix) => req.path.startsWith(prefix))) return next();
    const target = new URL(origin);
    const host = req.headers.host ?? "";
    const separator = host.lastIndexOf(":");
    const hostname = separator > host.lastIndexOf("]") ? host.slice(0, separator) : host;
    const port = separator > host.lastIndexOf("]") ? host.slice(separator + 1) : "80";
    if (!LOOPBACK_HOSTS.has(target.hostname) || hostname === target.hostname || !LOOPBACK_HOSTS.has(hostname) || port !== (target.port || "80")) {
      return next();
    }
    res.redirect(302, `${target.origin}${req.originalUrl}`);
  };
}
