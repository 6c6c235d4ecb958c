import type { Random } from "./random";
import { streamFor } from "./random";
import type { SeedFiles } from "./seed-files";
import type { RowSink } from "./store/sink";
import type { Timeline } from "./timeline";

/** What every part of the generator shares during one seed run. */
export interface SeedContext {
  /** The seed text every random stream derives from. */
  seed: string;
  /** Number of scan requests. */
  scale: number;
  /** SeedOptions.lean, or null for the full data set. */
  lean: LeanSeed | null;
  timeline: Timeline;
  sink: RowSink;
  files: SeedFiles;
  log: (message: string) => void;
}

/**
 * A large data set for benchmarks (decision 0090): every scan request with its details, response,
 * invoice and quotes, but the message documents and report rows (with their files), which only a
 * transaction's detail view shows and which are two thirds of a full data set's size, only for the
 * newest requests.
 */
export interface LeanSeed {
  /** How many of the newest requests keep their documents and reports (the ones a user opens most). */
  detailedNewest: number;
}

/** npm run seed -- --lean: the newest 40,000 requests as in the full data set (its rich window). */
export const LEAN_SEED: LeanSeed = { detailedNewest: 40_000 };

/** Changing this changes every generated value; bump it only on purpose. */
export const SEED_VERSION = "portal-demo-v1";

export function randomFor(context: SeedContext, ...path: (string | number)[]): Random {
  return streamFor(context.seed, ...path);
}

/** Bookkeeping timestamps for reference data: some time before the data starts. */
export function beforeHistory(context: SeedContext, random: Random, maxDaysBefore = 900): number {
  return context.timeline.startMs - random.int(1, maxDaysBefore) * 86_400_000 - random.int(0, 86_399) * 1000;
}
