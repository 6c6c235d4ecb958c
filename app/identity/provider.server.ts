import express, { type Router } from "express";
import Provider from "oidc-provider";
import { buildConfiguration } from "./configuration.server";
import { demoAccountsHintSource } from "./demo-accounts-hint.server";
import { logProviderEvents } from "./events.server";
import { interactionRoutes } from "./interaction-routes.server";
import { consoleLog, DEFAULT_SIGN_IN_THROTTLE, type IdentityProviderOptions } from "./options";
import { PayloadStore } from "./payload-store.server";
import { loadIdentitySecrets } from "./secrets.server";
import { createSignInThrottle } from "./sign-in-throttle.server";
import { createSignInService } from "./sign-in.server";
import { completeSignOut } from "./sign-out.server";

/**
 * The built-in OpenID Connect provider with its login page, as one Express router to mount at the
 * issuer's path, before any body parser:
 *
 *   app.use("/oidc", await createIdentityProvider({ issuer: "http://localhost:3000/oidc", ... }))
 */
export async function createIdentityProvider(options: IdentityProviderOptions): Promise<Router> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? consoleLog;
  const { db } = options.database;
  const mountPath = new URL(options.issuer).pathname.replace(/\/$/, "");

  const secrets = await loadIdentitySecrets(options.database, now);
  const store = new PayloadStore({ db, now, log });
  const provider = new Provider(
    options.issuer,
    buildConfiguration({
      mountPath,
      database: options.database,
      client: options.client,
      secrets,
      store,
      secureCookies: options.secureCookies,
    }),
  );
  provider.proxy = options.trustProxy ?? false;
  provider.use(completeSignOut(store));
  logProviderEvents(provider, log);

  const throttle = createSignInThrottle(options.database, { ...DEFAULT_SIGN_IN_THROTTLE, ...options.signInThrottle }, now);
  const signIn = createSignInService(options.database, throttle, log, now);

  const router = express.Router();
  const demoAccountsHint = demoAccountsHintSource(db, options.demoAccounts, now);
  router.use("/interaction", interactionRoutes({ provider, mountPath, signIn, log, demoAccountsHint }));
  router.use(provider.callback());
  return router;
}
