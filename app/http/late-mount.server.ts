import type { RequestHandler } from "express";

/**
 * A place in the middleware chain for a handler that can only be built once the server listens
 * (the built-in identity provider needs the final port for its issuer URL).
 */
export interface LateMount {
  middleware: RequestHandler;
  mount(handler: RequestHandler): void;
}

export function lateMount(notReadyMessage: string): LateMount {
  let handler: RequestHandler | undefined;
  return {
    middleware: (req, res, next) => {
      if (handler) return handler(req, res, next);
      res.status(503).type("text/plain").send(notReadyMessage);
    },
    mount(next) {
      handler = next;
    },
  };
}
