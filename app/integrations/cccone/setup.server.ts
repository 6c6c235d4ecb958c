import type { AddressInfo } from "node:net";
import { backchannelOriginOf } from "~/auth/sign-in-setup.server";
import type { AppConfig } from "~/config.server";
import { compileFailurePattern } from "~/integrations/sandbox/failure-pattern";
import { createCccOneSandbox, type CccOneSandbox } from "./sandbox/router.server";
import { generateSandboxSecret } from "~/integrations/sandbox/sandbox-secret.server";
import { DEFAULT_MAX_IN_FLIGHT, SANDBOX_PATH, setCccOneSettings, type CccOneSettings } from "./settings.server";

/**
 * The built-in sandbox to mount at /sandbox/cccone, or undefined when CCCONE_URL names the real
 * service. Its secret is CCCONE_SANDBOX_SECRET, else one generated for this process: the client
 * that must send it runs in the same process.
 */
export function sandboxFor(config: AppConfig): CccOneSandbox | undefined {
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
export function configureCccOneClient(config: AppConfig, address: AddressInfo, sandbox: CccOneSandbox | undefined): CccOneSettings {
  const limits = { timeoutMs: config.ccconeTimeoutMs, maxInFlight: DEFAULT_MAX_IN_FLIGHT };
  const settings: CccOneSettings = config.ccconeUrl
    ? { baseUrl: config.ccconeUrl, ...limits }
    : { baseUrl: `${backchannelOriginOf(address)}${SANDBOX_PATH}`, ...limits, sandboxSecret: sandbox?.secret };
  setCccOneSettings(settings);
  return settings;
}
