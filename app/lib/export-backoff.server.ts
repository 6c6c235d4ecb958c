import { type ExportTurn, exportTurn } from "./export-turns.server";
import { requestsAnswering } from "./requests-answering.server";

/**
 * Exports give way to the pages (decisions 0097, 0098). An export the database writes costs the
 * server little, but PostgreSQL's processes writing four of them at full speed took both cores
 * from the pages: /api/health p99 153 ms against 24 ms without exports. Before it asks for its
 * next chunk, an export waits for its turn (export-turns.server.ts: one reads at a time), then
 * while another request is being answered (requests-answering.server.ts) or the request thread
 * runs late: how late a 10 ms timer fires tells how long a request waits for the thread, and
 * while one of its last ticks was late by more than BUSY_LATE_MS, the thread is short of CPU.
 * It waits up to MAX_WAIT_MS a chunk, so an export is slowed, never stopped; the database, its
 * socket full, waits with it.
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

/** One export's share: `beforeChunk()` before asking for each chunk, `afterChunk()` once it came, `end()` once (the sampler runs while any export does). */
export interface ExportBackoff {
  beforeChunk(): Promise<void>;
  afterChunk(): void;
  end(): void;
}

const shouldWait = () => requestsAnswering() > 0 || threadLateMs() > BUSY_LATE_MS;

export function exportBackoff(): ExportBackoff {
  exportsRunning++;
  if (!sampler) {
    lateTicks = [];
    expectedAt = performance.now() + SAMPLE_MS;
    sampler = setInterval(sample, SAMPLE_MS);
    sampler.unref();
  }
  let ended = false;
  const turn: ExportTurn = exportTurn();
  return {
    async beforeChunk() {
      await turn.take();
      const giveUpAt = performance.now() + MAX_WAIT_MS;
      while (!ended && shouldWait() && performance.now() < giveUpAt) await sleep(SAMPLE_MS);
    },
    afterChunk() {
      turn.chunkRead();
    },
    end() {
      if (ended) return;
      ended = true;
      turn.leave();
      exportsRunning--;
      if (exportsRunning === 0 && sampler) {
        clearInterval(sampler);
        sampler = undefined;
      }
    },
  };
}
