import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { findProjectRoot } from "~/lib/project-root.server";
import type { FromCsvWorker } from "./messages";

/** The production build's worker: bundled by scripts/build-server.mjs beside build/remix/index.js. */
const BUNDLED_FILE = "csv-export-worker.js";
/** The worker's entry in the source, run through tsx (tests, `npm run dev`). */
const SOURCE_FILE = path.join("app", "modules", "csv-export", "worker.ts");

/**
 * A worker's heap is bounded, so an export costs the process little memory whatever its size: it
 * holds one FETCH (1,000 rows) and one chunk (64 KiB) at a time. A worker past the bound ends
 * with ERR_WORKER_OUT_OF_MEMORY, which fails that export only.
 */
const HEAP_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };
/** Workers kept waiting for the next export (starting one took 40-300 ms), and for how long. */
const MAX_IDLE_WORKERS = 2;
const IDLE_MILLISECONDS = 30_000;

/**
 * The production build runs the bundled file, beside this module's bundle and built after it
 * (`remix dev` rebuilds build/remix/index.js but not the worker: an older bundle left there by a
 * production build is not used). From the source (vitest, `npm run dev`) the worker imports its
 * TypeScript entry through tsx's API: Node 20 does not apply `--import tsx` in a worker's execArgv
 * to the worker's own entry (ERR_UNKNOWN_FILE_EXTENSION), and tsx resolves the project's `~/`
 * paths from tsconfig.json in the working directory.
 */
function startWorker(): Worker {
  const options = { resourceLimits: HEAP_LIMITS };
  const bundled = fileURLToPath(new URL(`./${BUNDLED_FILE}`, import.meta.url));
  if (fs.existsSync(bundled) && fs.statSync(bundled).mtimeMs >= fs.statSync(fileURLToPath(import.meta.url)).mtimeMs) return new Worker(bundled, options);
  const source = path.join(findProjectRoot(import.meta.url), SOURCE_FILE);
  if (!fs.existsSync(source)) throw new Error(`The CSV export worker is neither at ${bundled} nor at ${source}`);
  const url = JSON.stringify(pathToFileURL(source).href);
  return new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${url}, ${url}));`, { ...options, eval: true });
}

/** A CSV export worker, used by one export at a time. */
export class CsvWorker {
  readonly worker = startWorker();
  /** False once the thread failed or ended: it is never used again. */
  alive = true;
  private listener: ((message: FromCsvWorker) => void) | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor() {
    this.worker.on("message", (message: FromCsvWorker) => this.listener?.(message));
    this.worker.on("error", (error) => {
      this.alive = false;
      this.listener?.({ type: "failed", message: error.message });
    });
    this.worker.once("exit", () => {
      this.alive = false;
      this.listener?.({ type: "failed", message: "The CSV export worker ended before the export's end." });
    });
  }

  attach(listener: (message: FromCsvWorker) => void): void {
    clearTimeout(this.idleTimer);
    this.listener = listener;
    this.worker.ref();
  }

  /** Idle: it keeps no process alive, and ends after IDLE_MILLISECONDS unless an export takes it. */
  detach(onIdleEnd: () => void): void {
    this.listener = undefined;
    this.worker.unref();
    this.idleTimer = setTimeout(onIdleEnd, IDLE_MILLISECONDS);
    this.idleTimer.unref();
  }
}

const idleWorkers: CsvWorker[] = [];

/** Workers waiting for the next export (for tests and diagnostics). */
export function idleCsvWorkers(): number {
  return idleWorkers.filter((worker) => worker.alive).length;
}

export function takeCsvWorker(): CsvWorker {
  for (let worker = idleWorkers.pop(); worker; worker = idleWorkers.pop()) if (worker.alive) return worker;
  return new CsvWorker();
}

/** A worker whose export has ended (its connection released): kept for the next export, or ended. */
export function giveBackCsvWorker(worker: CsvWorker, reusable: boolean): void {
  if (!reusable || !worker.alive || idleWorkers.length >= MAX_IDLE_WORKERS) {
    worker.detach(() => undefined);
    void worker.worker.terminate();
    return;
  }
  worker.detach(() => {
    const at = idleWorkers.indexOf(worker);
    if (at >= 0) idleWorkers.splice(at, 1);
    void worker.worker.terminate();
  });
  idleWorkers.push(worker);
}
