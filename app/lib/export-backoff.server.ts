import { type ExportTurn, exportTurn } from "./export-turns.server";
import { msSinceLastAnswer, requestsAnswering } from "./requests-answering.server";

/**
 * Exports give way to the pages (decisions 0097, 0098). An export the database writes costs the
 * server little, but PostgreSQL's processes writing four of them at full speed took both cores
 * from the pages: /api/health p99 153 ms against 24 ms without exports. Before it asks for its
 * next chunk, an export waits for its turn (export-turns.server.ts: one reads at a time), then
 * while another request is being answered (requests-answering.server.ts) or the request thread
 * runs late: how late a 10 ms timer fires tells how long a request waits for the thread, and
 * while one of its last ticks was late by more than BUSY_LATE_MS, the thread is short of CPU;
 * then, while the portal is in use, for the bytes the exports passed to be paid for at
 * SHARED_BYTES_PER_SECOND. Each wait is at most MAX_WAIT_MS a chunk, so an export is slowed,
 * never stopped; the database, its socket full, waits with it.
 */
const SAMPLE_MS = 10;
export const BUSY_LATE_MS = 15;
export const MAX_WAIT_MS = 200;

/**
 * While the portal is in use (a request other than a download answered within IN_USE_MS, or being
 * answered), exports together pass at most SHARED_BYTES_PER_SECOND of CSV. Without compression four
 * exports moved 60-90 MB/s, and PostgreSQL's process writing them, the request thread and the
 * client took both cores: /api/health p99 127-179 ms. Compressed, the same exports moved 16 MB/s
 * of CSV and left it at 59-85 ms (decision 0100). An export alone on a quiet server is not held.
 */
export const SHARED_BYTES_PER_SECOND = 24 * 1024 * 1024;
export const IN_USE_MS = 1000;
/** Debts shorter than this are carried to the next chunk rather than slept (a timer's own delay is about a millisecond). */
const MIN_SLEEP_MS = 10;

/** When the bytes the exports passed while the portal was in use are paid for (performance.now()). */
let budgetPaidAt = 0;

const portalInUse = () => requestsAnswering() > 0 || msSinceLastAnswer() < IN_USE_MS;

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

/** One export's share: `beforeChunk()` before asking for each chunk, `afterChunk(bytes)` once it came, `end()` once (the sampler runs while any export does). */
export interface ExportBackoff {
  beforeChunk(): Promise<void>;
  afterChunk(bytes: number): void;
  end(): void;
}

/** Charges a chunk's bytes to the shared budget while the portal is in use; a quiet portal carries no debt. */
function charge(bytes: number): void {
  const now = performance.now();
  budgetPaidAt = portalInUse() ? Math.max(budgetPaidAt, now) + (bytes / SHARED_BYTES_PER_SECOND) * 1000 : now;
}

/** How long the next chunk waits for the budget (0 when the portal is quiet or the debt is small). */
function budgetWaitMs(): number {
  if (!portalInUse()) return 0;
  const owed = budgetPaidAt - performance.now();
  return owed >= MIN_SLEEP_MS ? Math.min(owed, MAX_WAIT_MS) : 0;
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
      const owed = ended ? 0 : budgetWaitMs();
      if (owed > 0) await sleep(owed);
    },
    afterChunk(bytes) {
      charge(bytes);
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
