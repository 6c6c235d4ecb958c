/**
 * Whether the process has been told to stop (SIGTERM or SIGINT): set once at start-up by
 * server.ts from the graceful shutdown, read by the readiness answer. Unset: never stopping.
 * On globalThis: server.ts and the Remix bundle hold separate copies of this module.
 */
const KEY = Symbol.for("portal.isStopping");
type Registry = { [KEY]?: () => boolean };

export function setStoppingProbe(probe: () => boolean): void {
  (globalThis as Registry)[KEY] = probe;
}

export function isStopping(): boolean {
  return (globalThis as Registry)[KEY]?.() ?? false;
}
