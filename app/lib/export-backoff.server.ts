/**
 * Exports give way while the request thread is short of CPU (decision 0097). An export the
 * database writes costs the server little, but PostgreSQL's processes writing four of them at full
 * speed took both cores from the pages: /api/health p99 153 ms against 24 ms without exports. How
 * late a 10 ms timer fires tells how long a request waits for the thread; while one of its last
 * ticks was late by more than BUSY_LATE_MS, an export waits before it asks for its next chunk (up to MAX_WAIT_MS a
 * chunk, so an export is slowed, never stopped), and the database, its socket full, waits with it.
 */
const SAMPLE_MS = 10;
export const BUSY_LATE_MS = 15;
export const MAX_WAIT_MS = 200;

/** The last ticks remembered: the thread counts as late while any of them was. */
const TICKS_KEPT = 5;

let lateTicks: number[] = [];
let sampler: NodeJS.Timeout | undefined;
let expectedAt = 0;
let exportsRunning = 0;

function sample(): void {
  const now = performance.now();
  lateTicks.push(Math.max(0, now - expectedAt));
  if (lateTicks.length > TICKS_KEPT) lateTicks.shift();
  expectedAt = now + SAMPLE_MS;
}

/** How late the latest of the last TICKS_KEPT ticks of the sampler was (ms): 0 while no export runs. */
export function threadLateMs(): number {
  return sampler ? Math.max(0, ...lateTicks) : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One export's share: `beforeChunk()` before asking for each chunk, `end()` once (the sampler runs while any export does). */
export interface ExportBackoff {
  beforeChunk(): Promise<void>;
  end(): void;
}

export function exportBackoff(): ExportBackoff {
  exportsRunning++;
  if (!sampler) {
    lateTicks = [];
    expectedAt = performance.now() + SAMPLE_MS;
    sampler = setInterval(sample, SAMPLE_MS);
    sampler.unref();
  }
  let ended = false;
  return {
    async beforeChunk() {
      const giveUpAt = performance.now() + MAX_WAIT_MS;
      while (threadLateMs() > BUSY_LATE_MS && performance.now() < giveUpAt) await sleep(SAMPLE_MS);
    },
    end() {
      if (ended) return;
      ended = true;
      exportsRunning--;
      if (exportsRunning === 0 && sampler) {
        clearInterval(sampler);
        sampler = undefined;
      }
    },
  };
}
