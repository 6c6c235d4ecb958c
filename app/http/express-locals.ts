import "express-serve-static-core";

/** What the portal's middleware leaves on res.locals for later middleware and the Remix handler. */
declare module "express-serve-static-core" {
  interface Locals {
    requestId: string;
    nonce: string;
  }
}
