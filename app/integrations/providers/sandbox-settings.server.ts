/** Where the built-in provider sandbox listens, set once at start (and by tests). */
export interface ProviderSandboxSettings {
  /** The sandbox's root without a trailing slash, e.g. http://127.0.0.1:3000/sandbox/providers. */
  baseUrl: string;
  /** Sent in PROVIDER_SANDBOX_SECRET_HEADER, only to the sandbox. */
  secret: string;
  /** Per call, from sending to the whole answer read. */
  timeoutMs: number;
}

export const SANDBOX_TIMEOUT_MS = 10_000;

let chosenSettings: ProviderSandboxSettings | undefined;

export function setProviderSandboxSettings(settings: ProviderSandboxSettings | undefined): void {
  chosenSettings = settings && { ...settings, baseUrl: settings.baseUrl.replace(/\/+$/, "") };
}

/** The settings, or undefined before the portal has set them. */
export function getProviderSandboxSettings(): ProviderSandboxSettings | undefined {
  return chosenSettings;
}
