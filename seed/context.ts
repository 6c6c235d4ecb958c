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
  /** Only what the grids, dashboards and reports read: no message documents, no report rows or files (SeedOptions.lean). */
  lean: boolean;
  timeline: Timeline;
  sink: RowSink;
  files: SeedFiles;
  log: (message: string) => void;
}

/** Changing this changes every generated value; bump it only on purpose. */
export const SEED_VERSION = "portal-demo-v1";

export function randomFor(context: SeedContext, ...path: (string | number)[]): Random {
  return streamFor(context.seed, ...path);
}

/** Bookkeeping timestamps for reference data: some time before the data starts. */
export function beforeHistory(context: SeedContext, random: Random, maxDaysBefore = 900): number {
  return context.timeline.startMs - random.int(1, maxDaysBefore) * 86_400_000 - random.int(0, 86_399) * 1000;
}
