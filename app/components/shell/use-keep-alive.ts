import { useEffect } from "react";
import { SESSION_TIMING } from "~/auth/timing";

export const KEEP_ALIVE_PATH = "/api/keep-alive";

/**
 * With JavaScript, asks the server every 600 s to keep the sign-in fresh; a 401 means it has
 * ended, so the browser goes to /login. The server enforces every rule on its own anyway.
 */
export function useKeepAlive(): void {
  useEffect(() => {
    const timer = window.setInterval(() => {
      fetch(KEEP_ALIVE_PATH, { method: "POST", credentials: "same-origin" })
        .then((response) => {
          if (response.status === 401) window.location.assign("/login");
        })
        .catch(() => undefined);
    }, SESSION_TIMING.keepAliveInterval * 1000);
    return () => window.clearInterval(timer);
  }, []);
}
