/**
 * Returns a function that answers true at most once per interval, for housekeeping that piggybacks
 * on requests (purging expired rows) instead of needing a timer in every instance.
 */
export function onceEvery(intervalMs: number, now: () => Date): () => boolean {
  let lastRun = Number.NEGATIVE_INFINITY;
  return () => {
    const current = now().getTime();
    if (current - lastRun < intervalMs) return false;
    lastRun = current;
    return true;
  };
}
