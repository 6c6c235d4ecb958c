import "express-serve-static-core";

/** What the portal's middleware leaves on res.locals for later middleware and the Remix handler. */
declare module "express-serve-static-core" {
  interface Locals {
    requestId: string;
    nonce: string;
    /** What the request is counted under in the metrics: a Remix route id, or static, oidc, sandbox, metrics, unmatched. */
    routeLabel: string;
    /** Ends the request's count as being answered (requests-answering.server.ts): "transfer" when a download's body starts; called again when it finishes. */
    answered?: (how?: "transfer") => void;
  }
}
