import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { SANDBOX_SECRET_HEADER } from "~/integrations/cccone/endpoints";
import { createCccOneSandbox, type CccOneSandbox, type CccOneSandboxOptions } from "~/integrations/cccone/sandbox/router.server";
import { SANDBOX_PATH, type CccOneSettings } from "~/integrations/cccone/settings.server";
import { generateSandboxSecret } from "~/integrations/sandbox/sandbox-secret.server";

/** The CCC ONE sandbox on its own loopback port, mounted where server.ts mounts it. */
export interface RunningSandbox {
  sandbox: CccOneSandbox;
  /** The client's base URL: http://127.0.0.1:PORT/sandbox/cccone. */
  baseUrl: string;
  /** The headers a caller needs (the sandbox's secret). */
  authorisation: Record<string, string>;
  /** What setCccOneSettings needs for the portal's client to reach this sandbox. */
  clientSettings(timeoutMs?: number): CccOneSettings;
  close(): Promise<void>;
}

export async function startSandboxServer(options: Partial<CccOneSandboxOptions> = {}): Promise<RunningSandbox> {
  const sandbox = createCccOneSandbox({ secret: generateSandboxSecret(), ...options });
  const app = express();
  app.use(SANDBOX_PATH, sandbox.router);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}${SANDBOX_PATH}`;
  return {
    sandbox,
    baseUrl,
    authorisation: { [SANDBOX_SECRET_HEADER]: sandbox.secret },
    clientSettings: (timeoutMs = 5000) => ({ baseUrl, timeoutMs, maxInFlight: 4, sandboxSecret: sandbox.secret }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
