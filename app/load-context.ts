import "@remix-run/node";

/**
 * Typing for Remix. In a module file on purpose: the same augmentation in a non-module .d.ts
 * silently turns every Remix type into `any`.
 */
declare module "@remix-run/node" {
  /** What the Express pipeline hands every loader and action (see getLoadContext in app/http/create-app.server.ts). */
  interface AppLoadContext {
    /** The CSP nonce of this response, for inline scripts. */
    nonce: string;
    requestId: string;
    /**
     * Set by the server alone, on its request for the catch-all route's page, when it answers a
     * method the route does not take from a user who may open the page (app/http/method-answer.server.ts):
     * the page is then the 405 error page.
     */
    methodNotAllowed?: { method: string; allow: string };
  }

  interface Future {
    v3_singleFetch: true;
  }
}
