/** Where the CCC ONE client sends and how patiently, set once at start (and by tests). */
export interface CccOneSettings {
  /** The service root without a trailing slash, e.g. https://cccone.example.com/api. */
  baseUrl: string;
  /** Per call, from sending the request to reading the whole answer. */
  timeoutMs: number;
  /** Calls in flight at once in this process; the others wait their turn. */
  maxInFlight: number;
  /** Sent in SANDBOX_SECRET_HEADER, only to the built-in sandbox (never to CCCONE_URL). */
  sandboxSecret?: string;
}

export const DEFAULT_MAX_IN_FLIGHT = 4;

/** Where the portal mounts the built-in sandbox when CCCONE_URL is not set. */
export const SANDBOX_PATH = "/sandbox/cccone";

let chosenSettings: CccOneSettings | undefined;

export function setCccOneSettings(settings: CccOneSettings | undefined): void {
  chosenSettings = settings && { ...settings, baseUrl: settings.baseUrl.replace(/\/+$/, "") };
}

/** The settings, or undefined before the portal has set them. */
export function getCccOneSettings(): CccOneSettings | undefined {
  return chosenSettings;
}
