import type { AddressInfo } from "node:net";
import { backchannelOriginOf } from "~/auth/sign-in-setup.server";
import { compileFailurePattern } from "~/integrations/sandbox/failure-pattern";
import { generateSandboxSecret } from "~/integrations/sandbox/sandbox-secret.server";
import { createCccOneSandbox, type CccOneSandbox } from "./sandbox/router.server";
import { DEFAULT_MAX_IN_FLIGHT, SANDBOX_PATH, setCccOneSettings, type CccOneSettings } from "./settings.server";

/**
 * The built-in sandbox to mount at /sandbox/cccone, or undefined when CCCONE_URL names the real
 * service. Its secret is CCCONE_SANDBOX_SECRET, else one generated for this process: the client
 * that must send it runs in the same process.
 */
/** What the CCC ONE client reads of the portal's configuration (config.server.ts, which passes itself). */
export interface CccOneConfig {
  /** Absent: the built-in sandbox. */
  ccconeUrl?: string;
  /** Scan request ids the built-in sandbox fails on purpose (a regular expression). */
  ccconeSandboxFail?: string;
  ccconeTimeoutMs: number;
  ccconeSandboxSecret?: string;
}

export function sandboxFor(config: CccOneConfig): CccOneSandbox | undefined {
  if (config.ccconeUrl) return undefined;
  return createCccOneSandbox({
    secret: config.ccconeSandboxSecret ?? generateSandboxSecret(),
    failPattern: config.ccconeSandboxFail ? compileFailurePattern(config.ccconeSandboxFail) : null,
  });
}

/**
 * Points the client at CCCONE_URL, or at the sandbox on the server's own listening address (the
 * back channel: the public URL may not be reachable from inside, e.g. behind a proxy) with the
 * sandbox's secret.
 */
export function configureCccOneClient(config: CccOneConfig, address: AddressInfo, sandbox: CccOneSandbox | undefined): CccOneSettings {
  const limits = { timeoutMs: config.ccconeTimeoutMs, maxInFlight: DEFAULT_MAX_IN_FLIGHT };
  const settings: CccOneSettings = config.ccconeUrl
    ? { baseUrl: config.ccconeUrl, ...limits }
    : { baseUrl: `${backchannelOriginOf(address)}${SANDBOX_PATH}`, ...limits, sandboxSecret: sandbox?.secret };
  setCccOneSettings(settings);
  return settings;
}
