import type { AddressInfo } from "node:net";
import { backchannelOriginOf } from "~/auth/sign-in-setup.server";
import { compileFailurePattern } from "~/integrations/sandbox/failure-pattern";
import { generateSandboxSecret } from "~/integrations/sandbox/sandbox-secret.server";
import { PROVIDER_SANDBOX_PATH } from "./endpoints";
import { createProviderSandbox, type ProviderSandbox } from "./sandbox/router.server";
import { SANDBOX_TIMEOUT_MS, setProviderSandboxSettings } from "./sandbox-settings.server";

/** The built-in provider sandbox to mount at /sandbox/providers, with a secret of this process (its only caller runs here). */
/** What the providers' sandbox reads of the portal's configuration (config.server.ts, which passes itself). */
export interface ProviderSandboxConfig {
  /** Shop ids the sandbox fails on purpose when a registration is resent (a regular expression). */
  providerSandboxFail?: string;
}

export function providerSandboxFor(config: ProviderSandboxConfig): ProviderSandbox {
  return createProviderSandbox({
    secret: generateSandboxSecret(),
    failPattern: config.providerSandboxFail ? compileFailurePattern(config.providerSandboxFail) : null,
  });
}

/** Points the Resend client at the sandbox on the server's own listening address (the back channel, as for CCC ONE). */
export function configureProviderSandboxClient(address: AddressInfo, sandbox: ProviderSandbox): void {
  setProviderSandboxSettings({ baseUrl: `${backchannelOriginOf(address)}${PROVIDER_SANDBOX_PATH}`, secret: sandbox.secret, timeoutMs: SANDBOX_TIMEOUT_MS });
}
