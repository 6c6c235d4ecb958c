import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import { setDatabase } from "~/db/db.server";
import type { Database } from "~/db/types";
import { setFileStorage } from "~/integrations/file-storage.server";
import { createLocalFileStorage } from "~/integrations/storage.server";
import { setSecretBoxKey } from "~/platform/configuration/secret-box.server";
import { createTestDatabase, type TestDatabase } from "./databases";
import { signedInCookie, useTestAuthSettings } from "./signed-in-request";
import { seedDatabase } from "../../seed/index.server";

export interface SeededPortalOptions {
  /** The size of the demo data (the seed's scale). */
  scale: number;
  /** The UTC day the demo data ends on (the seed's anchor), for tests that compare with fixed dates. */
  anchor?: Date;
  /** The users signed in once for the whole block, each under the name its cookie is kept by. */
  signedIn?: Readonly<Record<string, UserClaims>>;
  /** The browser time zone every cookie carries (the tz cookie), for pages that show dates. */
  timeZone?: string;
  /** Logos and error files kept in the test database's data folder. */
  fileStorage?: boolean;
  /** A random key for the ENCRYPT configuration values. */
  secretBox?: boolean;
}

export interface SeededPortal {
  /** The fresh database, seeded with demo data and in use by the app. */
  readonly database: TestDatabase;
  /** The Cookie header of each signed-in user, by the name given in `signedIn`. */
  readonly cookies: Readonly<Record<string, string>>;
  db(): Kysely<Database>;
}

/**
 * What the admin screens' route functions run against, set up once per describe block: a fresh
 * database of the dialect seeded with demo data, the test auth settings, and a session for each
 * user. Everything it sets is unset after the block.
 */
export function setUpSeededPortal(dialect: "sqlite" | "postgres", options: SeededPortalOptions): SeededPortal {
  let database: TestDatabase | undefined;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDatabase(database.database, { scale: options.scale, dataDir: database.dataDir, demoPassword: "demo-portal", anchor: options.anchor });
    setDatabase(database.database);
    if (options.fileStorage) setFileStorage(createLocalFileStorage(database.dataDir));
    useTestAuthSettings();
    if (options.secretBox) setSecretBoxKey(crypto.randomBytes(32));
    const zone = options.timeZone === undefined ? "" : `; tz=${encodeURIComponent(options.timeZone)}`;
    for (const [name, claims] of Object.entries(options.signedIn ?? {})) cookies[name] = `${await signedInCookie(claims)}${zone}`;
  }, 120_000);
  afterAll(async () => {
    if (options.secretBox) setSecretBoxKey(undefined);
    setDatabase(undefined);
    if (options.fileStorage) setFileStorage(undefined);
    await database?.cleanup();
  });
  const ready = (): TestDatabase => {
    if (database === undefined) throw new Error("the seeded portal is not set up yet (use it inside a test or a later hook)");
    return database;
  };
  return {
    get database() {
      return ready();
    },
    cookies,
    db: () => ready().database.db,
  };
}
