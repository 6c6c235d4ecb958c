import type { Kysely } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import { REQUIRED_ROLES_KEY } from "~/auth/require-page.server";
import type { UserClaims } from "~/auth/user-claims";
import { setDatabase } from "~/db/db.server";
import type { Database } from "~/db/types";
import { insertProvider, insertShop } from "./dashboard-world";
import { createTestDatabase, type TestDatabase } from "./databases";
import { signedInCookie, useTestAuthSettings } from "./signed-in-request";

export interface HandMadePortalOptions {
  /** The users signed in once for the whole block, each under the name its cookie is kept by. */
  signedIn: Readonly<Record<string, UserClaims>>;
  providers: readonly number[];
  shops: readonly number[];
  /** Shops inserted as test (internal) shops. */
  testShops: readonly number[];
  /** JSON configuration entries besides REQUIRED_ROLES_FOR_PAGES, which is always stored. */
  configurations?: Readonly<Record<string, unknown>>;
}

export interface HandMadePortal {
  /** The Cookie header of each signed-in user, by the name given in `signedIn`. */
  readonly cookies: Readonly<Record<string, string>>;
  db(): Kysely<Database>;
}

/**
 * What a dashboard screen's route functions run against on a hand-made data set, set up once per
 * describe block before the block's own hooks: a fresh empty database of the dialect in use by the
 * app, the test auth settings, a session for each user, the providers and shops of
 * dashboard-world, and the page roles (with any other configuration entries). The block adds its
 * own rows in a later beforeAll; the database is unset and dropped after the block.
 */
export function setUpHandMadePortal(dialect: "sqlite" | "postgres", options: HandMadePortalOptions): HandMadePortal {
  let database: TestDatabase | undefined;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    setDatabase(database.database);
    useTestAuthSettings();
    for (const [name, claims] of Object.entries(options.signedIn)) cookies[name] = await signedInCookie(claims);
    for (const provider of options.providers) await insertProvider(provider);
    for (const shop of options.shops) await insertShop(shop);
    for (const shop of options.testShops) await insertShop(shop, { test: true });
    const now = new Date().toISOString();
    const configured = { ...options.configurations, [REQUIRED_ROLES_KEY]: REQUIRED_ROLES_FOR_PAGES };
    for (const [configKey, value] of Object.entries(configured)) {
      await database.database.db
        .insertInto("configurations")
        .values({ configKey, configValueType: "JSON", configValue: JSON.stringify(value), createdDateTime: now, updatedDateTime: now })
        .execute();
    }
  }, 60_000);
  afterAll(async () => {
    setDatabase(undefined);
    await database?.cleanup();
  });
  return {
    cookies,
    db: () => {
      if (database === undefined) throw new Error("the hand-made portal is not set up yet (use it inside a test or a later hook)");
      return database.database.db;
    },
  };
}
