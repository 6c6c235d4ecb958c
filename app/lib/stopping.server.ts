/**
 * Whether the process has been told to stop (SIGTERM or SIGINT): set once at start-up from the
 * graceful shutdown, read by the readiness answer. Unset: never stopping.
 */
let stoppingProbe: (() => boolean) | undefined;

export function setStoppingProbe(probe: () => boolean): void {
  stoppingProbe = probe;
}

export function isStopping(): boolean {
  return stoppingProbe?.() ?? false;
}
