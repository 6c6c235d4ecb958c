import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { findProjectRoot } from "~/lib/project-root.server";

/**
 * The Coverage Map's supercluster indexes live in one worker thread (shop-index-worker.mjs): a build
 * of 65,000 shops takes about half a second and would otherwise hold every request of the instance
 * (decision 0056). The event loop only packs the shops' coordinates and reads the answers.
 */
const WORKER_FILE = "shop-index-worker.mjs";

/** The supercluster options of a build (its map and reduce sum the shops' scans, in the worker). */
export interface ClusterOptions {
  minZoom: number;
  maxZoom: number;
  radius: number;
  extent: number;
  minPoints: number;
}

/** A shop of a view: its position in the built arrays. */
export interface WorkerPoint {
  point: number;
}

/** A cluster of a view; `leaves` are its shops' positions when it has at most `leavesUpTo` shops. */
export interface WorkerCluster {
  cluster: number;
  lng: number;
  lat: number;
  shops: number;
  scans: number;
  expansionZoom: number;
  leaves: number[] | null;
}

export type WorkerFeature = WorkerPoint | WorkerCluster;

/** An index kept in the worker. */
export interface IndexHandle {
  readonly worker: Worker;
  readonly index: number;
}

type Answer = { id: number; result: unknown; error?: undefined } | { id: number; error: string };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextRequest = 1;
const lostListeners = new Set<() => void>();

/** The worker's file: beside this module (app/ from source; build/remix/ in the production build), else the source's (`remix dev` rebuilds build/remix/ without it). */
export function shopIndexWorkerPath(moduleUrl: string = import.meta.url): string {
  const beside = fileURLToPath(new URL(`./${WORKER_FILE}`, moduleUrl));
  if (fs.existsSync(beside)) return beside;
  const source = path.join(findProjectRoot(moduleUrl), "app", "modules", "dashboard", WORKER_FILE);
  if (fs.existsSync(source)) return source;
  throw new Error(`The map's worker ${WORKER_FILE} is neither at ${beside} nor at ${source}`);
}

function lose(lost: Worker, error: Error): void {
  if (worker !== lost) return;
  worker = null;
  const waiting = [...pending.values()];
  pending.clear();
  for (const request of waiting) request.reject(error);
  // Its indexes went with it: whoever keeps handles forgets them.
  for (const listener of lostListeners) listener();
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(shopIndexWorkerPath());
  // An idle worker does not keep the process alive; one with questions does (see ask()).
  started.unref();
  started.on("message", (answer: Answer) => {
    const request = pending.get(answer.id);
    if (!request) return;
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if (answer.error !== undefined) request.reject(new Error(answer.error));
    else request.resolve(answer.result);
  });
  started.on("error", (error) => lose(started, error));
  started.on("exit", (code) => lose(started, new Error(`The map's worker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

function ask<T>(to: Worker, message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
  if (to !== worker) return Promise.reject(new Error("The map's worker holding this index has stopped"));
  const id = nextRequest++;
  const answer = new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
  to.ref();
  to.postMessage({ ...message, id }, transfer);
  return answer;
}

const dropped = new FinalizationRegistry<IndexHandle>((handle) => {
  if (handle.worker === worker) handle.worker.postMessage({ type: "drop", index: handle.index });
});

/** Builds an index of shops at these coordinates (the arrays are handed over to the worker). */
export async function buildInWorker(shops: { lng: Float64Array; lat: Float64Array; scans: Float64Array }, options: ClusterOptions): Promise<IndexHandle> {
  const to = theWorker();
  const { index } = await ask<{ index: number }>(to, { type: "build", ...shops, options }, [
    shops.lng.buffer as ArrayBuffer,
    shops.lat.buffer as ArrayBuffer,
    shops.scans.buffer as ArrayBuffer,
  ]);
  return { worker: to, index };
}

/**
 * The worker drops the index once `owner` (what keeps the handle) is garbage, not when a cache
 * lets go of it: a view still under way keeps its index.
 */
export function dropWhenCollected(owner: object, handle: IndexHandle): void {
  dropped.register(owner, handle);
}

/** The clusters and shops of an area at a zoom, with the shops of clusters of at most `leavesUpTo`. */
export function viewInWorker(
  handle: IndexHandle,
  bounds: readonly [number, number, number, number],
  zoom: number,
  leavesUpTo: number,
): Promise<WorkerFeature[]> {
  return ask<WorkerFeature[]>(handle.worker, { type: "view", index: handle.index, bounds, zoom, leavesUpTo });
}

/** Called when the worker stops unexpectedly (its indexes are gone; the next build starts a new one). */
export function onShopIndexWorkerLost(listener: () => void): void {
  lostListeners.add(listener);
}

/** Stops the worker (tests; its indexes are gone). */
export async function stopShopIndexWorker(): Promise<void> {
  const stopping = worker;
  if (!stopping) return;
  lose(stopping, new Error("The map's worker was stopped"));
  await stopping.terminate();
}
