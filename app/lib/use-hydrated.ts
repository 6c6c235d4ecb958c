import { useSyncExternalStore } from "react";

function subscribe(): () => void {
  return () => undefined;
}

/**
 * False on the server and during hydration, true afterwards. Components render their no-JavaScript
 * form until then, so the server's HTML and the first client render always match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
