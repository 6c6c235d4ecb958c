/**
 * Where the built-in provider sandbox listens, set once by server.ts at start (and by tests). On
 * globalThis because server.ts and the Remix bundle each load their own copy of this module.
 */
export interface ProviderSandboxSettings {
  /** The sandbox's root without a trailing slash, e.g. http://127.0.0.1:3000/sandbox/providers. */
  baseUrl: string;
  /** Sent in PROVIDER_SANDBOX_SECRET_HEADER, only to the sandbox. */
  secret: string;
  /** Per call, from sending to the whole answer read. */
  timeoutMs: number;
}

export const SANDBOX_TIMEOUT_MS = 10_000;

const KEY = Symbol.for("portal.providerSandboxSettings");
type Registry = { [KEY]?: ProviderSandboxSettings };

export function setProviderSandboxSettings(settings: ProviderSandboxSettings | undefined): void {
  (globalThis as Registry)[KEY] = settings && { ...settings, baseUrl: settings.baseUrl.replace(/\/+$/, "") };
}

/** The settings, or undefined before server.ts has set them. */
export function getProviderSandboxSettings(): ProviderSandboxSettings | undefined {
  return (globalThis as Registry)[KEY];
}
