import { randomFor, type SeedContext } from "../context";
import { planRequest } from "./plan";
import { RequestWriter } from "./request-writer";
import { VehicleJobs } from "./vehicle-jobs";
import type { RequestWorld } from "./world";
import type { AdoptionTally } from "../entities/adoption";

/** Requests generated between two flushes: bounds the memory a large seed holds. */
const BATCH_SIZE = 5_000;
/** Requests generated between two turns of the event loop, so database and file I/O keep moving. */
const YIELD_EVERY = 250;
/**
 * The newest requests get full message contents; older ones get compact contents. At the default
 * scale every request is in this window.
 */
export const RICH_REQUESTS = 40_000;
/**
 * The newest requests whose reports and quote attachments are files of their own; older ones point
 * into shared pools. Files cost far more than rows (~200 µs each on this machine's disk): at the
 * default scale a file per request made two thirds of the seed's time.
 */
export const OWN_FILE_REQUESTS = 4_000;

/** Scan requests with every related row, oldest first, flushed in batches. */
export async function generateRequests(context: SeedContext, world: RequestWorld, tally: AdoptionTally): Promise<void> {
  const { scale, timeline, sink, files, lean } = context;
  const writer = new RequestWriter(sink, files, timeline);
  const detailedFromIndex = lean ? Math.max(0, scale - lean.detailedNewest) : 0;
  const jobs = new VehicleJobs();
  const richFromIndex = Math.max(0, scale - RICH_REQUESTS);
  const ownFilesFromIndex = Math.max(0, scale - OWN_FILE_REQUESTS);
  const progressEvery = Math.max(BATCH_SIZE, Math.ceil(scale / 10 / BATCH_SIZE) * BATCH_SIZE);

  for (let index = 0; index < scale; index++) {
    const random = randomFor(context, "request", index);
    const plan = planRequest({ index, scale, random, world, timeline, jobs, richFromIndex, ownFilesFromIndex });
    writer.write(random, plan, index >= detailedFromIndex);
    tally.record(plan);
    if ((index + 1) % BATCH_SIZE === 0 || index + 1 === scale) {
      await sink.flush();
    } else if ((index + 1) % YIELD_EVERY === 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if ((index + 1) % progressEvery === 0 && index + 1 < scale) context.log(`Demo data: ${index + 1} of ${scale} scan requests`);
  }
}
