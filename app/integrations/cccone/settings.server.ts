/**
 * Where the CCC ONE client sends and how patiently, set once by server.ts at start (and by tests).
 * It lives on globalThis because server.ts and the Remix bundle each load their own copy of this
 * module; the limit of calls in flight is shared the same way, so it holds per process.
 */
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

/** Where server.ts mounts the built-in sandbox when CCCONE_URL is not set. */
export const SANDBOX_PATH = "/sandbox/cccone";

const KEY = Symbol.for("portal.ccconeSettings");
type Registry = { [KEY]?: CccOneSettings };

export function setCccOneSettings(settings: CccOneSettings | undefined): void {
  (globalThis as Registry)[KEY] = settings && { ...settings, baseUrl: settings.baseUrl.replace(/\/+$/, "") };
}

/** The settings, or undefined before server.ts has set them. */
export function getCccOneSettings(): CccOneSettings | undefined {
  return (globalThis as Registry)[KEY];
}
