import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createCccOneSandbox, type CccOneSandbox, type CccOneSandboxOptions } from "~/integrations/cccone/sandbox/router.server";
import { SANDBOX_PATH } from "~/integrations/cccone/settings.server";

/** The CCC ONE sandbox on its own loopback port, mounted where server.ts mounts it. */
export interface RunningSandbox {
  sandbox: CccOneSandbox;
  /** The client's base URL: http://127.0.0.1:PORT/sandbox/cccone. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startSandboxServer(options: CccOneSandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = createCccOneSandbox(options);
  const app = express();
  app.use(SANDBOX_PATH, sandbox.router);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    sandbox,
    baseUrl: `http://127.0.0.1:${port}${SANDBOX_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
