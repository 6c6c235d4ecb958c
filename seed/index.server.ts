import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import type { PortalDatabase } from "~/db/connect.server";
import { createLocalFileStorage } from "~/integrations/storage.server";
import { SEED_VERSION, type LeanSeed, type SeedContext } from "./context";
import { AdoptionTally, seedAdoptionReport } from "./entities/adoption";
import { applicationId, seedApplications } from "./entities/applications";
import { seedConfigurations } from "./entities/configurations";
import { seedErrorRecords } from "./entities/errors";
import { seedEtlVariables } from "./entities/etl-variables";
import { seedProviders } from "./entities/providers";
import { seedRegistrations } from "./entities/registrations";
import { seedShops } from "./entities/shops";
import { seedSpecialFunctionInfo } from "./entities/special-functions";
import { seedUsers } from "./entities/users";
import { generateRequests } from "./requests/generate-requests";
import { buildRequestWorld } from "./requests/world";
import { SeedError } from "./seed-error";
import { SeedFiles } from "./seed-files";
import type { BulkSession } from "./store/bulk-session";
import { SEED_TABLES } from "./store/columns";
import { openBulkSession } from "./store/open-session.server";
import { createTimeline, DAY_MS, startOfUtcDay } from "./timeline";

export interface SeedOptions {
  /** Number of scan requests; the other tables scale with it or are fixed. */
  scale: number;
  /** Files go to `${dataDir}/files/`. */
  dataDir: string;
  /** Password of the four demo accounts. */
  demoPassword: string;
  /**
   * UTC day the data ends on, as if seeded at its end (so an explicit anchor always gives the same
   * data); defaults to the day of `now`.
   */
  anchor?: Date;
  /**
   * The seeding instant: no seeded timestamp is later. Defaults to the end of the anchor day
   * when there is an anchor, else to the current time.
   */
  now?: Date;
  log?: (message: string) => void;
  /** A lean data set for benchmarks (LeanSeed); the full one without. */
  lean?: LeanSeed;
}

export interface SeedSummary {
  scanRequests: number;
  durationMs: number;
  /** Rows written per table (camelCase table names). */
  counts: Record<string, number>;
}

export { SeedError };

/** Fills an empty database with demo data in one transaction; throws if it already has data. */
export async function seedDatabase(database: PortalDatabase, options: SeedOptions): Promise<SeedSummary> {
  const summary = await runSeed(database, options);
  if (!summary) throw new SeedError("The database already has data; empty it first (npm run seed -- --force).");
  return summary;
}

/** True when none of the tables the seed fills has a row. */
export async function isDatabaseEmpty(database: PortalDatabase): Promise<boolean> {
  for (const table of SEED_TABLES) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.lit(1).as("one"))
      .limit(1)
      .executeTakeFirst();
    if (row) return false;
  }
  return true;
}

/** Seeds only when the database has no data; returns null when it already had data. */
export async function seedIfEmpty(database: PortalDatabase, options: SeedOptions): Promise<SeedSummary | null> {
  if (!(await isDatabaseEmpty(database))) return null;
  return runSeed(database, options);
}

function validate(options: SeedOptions): void {
  if (!Number.isInteger(options.scale) || options.scale < 1) throw new SeedError(`The scale must be a whole number of at least 1 (got ${options.scale}).`);
  if (!options.demoPassword) throw new SeedError("The demo password must not be empty.");
  if (options.anchor && Number.isNaN(options.anchor.getTime())) throw new SeedError("The anchor date is not a valid date.");
  if (options.now && Number.isNaN(options.now.getTime())) throw new SeedError("The seeding instant is not a valid date.");
  if (options.anchor && options.now && options.now.getTime() <= startOfUtcDay(options.anchor).getTime()) {
    throw new SeedError("The anchor day must have begun by the seeding instant.");
  }
}

/**
 * The whole seed runs in one transaction, re-checking emptiness under the seed lock: a failure
 * rolls everything back, and of two processes starting at once only one seeds. Files are not part
 * of the transaction: a failed seed removes the files it wrote after the rollback.
 */
async function runSeed(database: PortalDatabase, options: SeedOptions): Promise<SeedSummary | null> {
  validate(options);
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const seededAt = options.now ?? (options.anchor ? new Date(startOfUtcDay(options.anchor).getTime() + DAY_MS) : new Date());
  const timeline = createTimeline(options.anchor ?? seededAt, seededAt);
  const files = new SeedFiles(createLocalFileStorage(options.dataDir));
  let session: BulkSession | null = null;
  let failed = false;
  try {
    session = await openBulkSession(database);
    await session.begin();
    if (!(await session.tablesAreEmpty(SEED_TABLES))) {
      await session.rollback();
      return null;
    }
    log(
      `Demo data: generating ${options.scale} scan requests${options.lean ? ` (lean: message documents and reports for the newest ${options.lean.detailedNewest} only)` : ""} ending ${timeline.anchorDay.toISOString().slice(0, 10)}`,
    );
    await session.suspendSecondaryStructures(SEED_TABLES);
    const context: SeedContext = { seed: SEED_VERSION, scale: options.scale, lean: options.lean ?? null, timeline, sink: session.sink, files, log };
    await generate(context, options.demoPassword);
    log("Demo data: building indexes");
    await session.finish(SEED_TABLES);
    await session.commit();
    try {
      await session.afterCommit(SEED_TABLES);
    } catch (error) {
      // The data is committed; planner statistics and the visibility map catch up with autovacuum.
      log(`Demo data: maintenance after the load failed (${(error as Error).message}); the data is complete`);
    }
  } catch (error) {
    failed = true;
    await session?.rollback().catch(() => undefined);
    const removed = files.discard();
    if (removed > 0) log(`Demo data: the seed failed; its ${removed} files were removed`);
    throw error;
  } finally {
    await session?.release(failed);
  }
  const counts = Object.fromEntries(SEED_TABLES.map((table) => [table, session?.sink.counts.get(table) ?? 0]));
  const durationMs = Math.round(performance.now() - started);
  log(`Demo data: ${options.scale} scan requests, ${files.written} files, in ${(durationMs / 1000).toFixed(1)} s`);
  return { scanRequests: options.scale, durationMs, counts };
}

async function generate(context: SeedContext, demoPassword: string): Promise<void> {
  const providers = seedProviders(context);
  const shops = seedShops(context, (shopIndex) => applicationId(context, shopIndex));
  const shopsByProvider = seedRegistrations(context, providers, shops);
  const users = await seedUsers(context, providers, demoPassword);
  seedApplications(context, shops, users.staffLogins);
  seedConfigurations(context, providers);
  seedSpecialFunctionInfo(context);
  seedEtlVariables(context);
  await context.sink.flush();

  const tally = new AdoptionTally(context.timeline.anchorDay);
  await generateRequests(context, buildRequestWorld(providers, shopsByProvider, DEMO_PROVIDER_ID), tally);
  seedAdoptionReport(context, shopsByProvider, tally);
  seedErrorRecords(context, shopsByProvider, users.portalLogins);
  await context.sink.flush();
}
