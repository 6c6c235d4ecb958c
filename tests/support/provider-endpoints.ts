import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { PROVIDER_SANDBOX_PATH } from "~/integrations/providers/endpoints";
import { createProviderSandbox, type ProviderSandbox } from "~/integrations/providers/sandbox/router.server";
import type { ProviderSandboxSettings } from "~/integrations/providers/sandbox-settings.server";
import { generateSandboxSecret } from "~/integrations/sandbox/sandbox-secret.server";

/** An HTTP server on a loopback port of its own; `close` ends its connections too. */
export interface LocalServer {
  origin: string;
  close(): Promise<void>;
}

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function closer(server: http.Server) {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** The built-in provider sandbox on its own port, mounted where server.ts mounts it, with the client's settings for it. */
export async function startProviderSandboxServer(): Promise<LocalServer & { sandbox: ProviderSandbox; settings: ProviderSandboxSettings }> {
  const sandbox = createProviderSandbox({ secret: generateSandboxSecret() });
  const app = express();
  app.use(PROVIDER_SANDBOX_PATH, sandbox.router);
  const { server, origin } = await listen(app);
  return { origin, sandbox, settings: { baseUrl: `${origin}${PROVIDER_SANDBOX_PATH}`, secret: sandbox.secret, timeoutMs: 5000 }, close: closer(server) };
}

/** A provider endpoint that answers every request the same way, counting the requests and keeping their bodies. */
export async function startFixedEndpoint(status: number, body: string): Promise<LocalServer & { bodies: string[] }> {
  const bodies: string[] = [];
  const { server, origin } = await listen((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      bodies.push(text);
      res.writeHead(status, { "Content-Type": "application/json" }).end(body);
    });
  });
  return { origin, bodies, close: closer(server) };
}
