import type { AddressInfo } from "node:net";
import { backchannelOriginOf } from "~/auth/sign-in-setup.server";
import type { AppConfig } from "~/config.server";
import { compileFailurePattern } from "./sandbox/failure-pattern";
import { createCccOneSandbox, type CccOneSandbox } from "./sandbox/router.server";
import { DEFAULT_MAX_IN_FLIGHT, SANDBOX_PATH, setCccOneSettings, type CccOneSettings } from "./settings.server";

/** The built-in sandbox to mount at /sandbox/cccone, or undefined when CCCONE_URL names the real service. */
export function sandboxFor(config: AppConfig): CccOneSandbox | undefined {
  if (config.ccconeUrl) return undefined;
  return createCccOneSandbox({ failPattern: config.ccconeSandboxFail ? compileFailurePattern(config.ccconeSandboxFail) : null });
}

/**
 * Points the client at CCCONE_URL, or at the sandbox on the server's own listening address (the
 * back channel: the public URL may not be reachable from inside, e.g. behind a proxy).
 */
export function configureCccOneClient(config: AppConfig, address: AddressInfo): CccOneSettings {
  const settings: CccOneSettings = {
    baseUrl: config.ccconeUrl ?? `${backchannelOriginOf(address)}${SANDBOX_PATH}`,
    timeoutMs: config.ccconeTimeoutMs,
    maxInFlight: DEFAULT_MAX_IN_FLIGHT,
  };
  setCccOneSettings(settings);
  return settings;
}
