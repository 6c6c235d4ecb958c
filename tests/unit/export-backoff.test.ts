import { afterEach, describe, expect, it } from "vitest";
import { BUSY_LATE_MS, type ExportBackoff, exportBackoff, IN_USE_MS, MAX_WAIT_MS, SHARED_BYTES_PER_SECOND, threadLateMs } from "~/lib/export-backoff.server";
import { answeringRequest, bodyIsRender, msSinceLastAnswer, requestsAnswering } from "~/lib/requests-answering.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the thread, as a busy server does. */
function holdThread(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("exportBackoff", () => {
  const started: ExportBackoff[] = [];
  const start = () => {
    const backoff = exportBackoff();
    started.push(backoff);
    return backoff;
  };
  afterEach(() => {
    for (const backoff of started.splice(0)) backoff.end();
  });

  const CHUNK = 64 * 1024;
  /**
   * Passes `seconds` of the shared budget's bytes through one export, chunk by chunk; the time it
   * took. With `inUse`, another request is answered before each chunk, as a portal in use has.
   */
  async function passBudget(backoff: ExportBackoff, seconds: number, inUse = false): Promise<number> {
    const chunks = Math.round((SHARED_BYTES_PER_SECOND * seconds) / CHUNK);
    expect(chunks).toBeGreaterThan(10);
    const startedAt = performance.now();
    for (let chunk = 0; chunk < chunks; chunk++) {
      if (inUse) answeringRequest()();
      await backoff.beforeChunk();
      backoff.afterChunk(CHUNK);
    }
    return performance.now() - startedAt;
  }

  // First in the file: no request has been answered yet in this file's fresh modules.
  it("does not hold an export on a quiet portal, nor count a download's own answer as the portal in use", async () => {
    expect(msSinceLastAnswer()).toBe(Infinity);
    const download = answeringRequest();
    download("transfer");
    download();
    expect(requestsAnswering()).toBe(0);
    expect(msSinceLastAnswer()).toBe(Infinity);
    // Three seconds' worth of the budget passes at once.
    expect(await passBudget(start(), 3)).toBeLessThan(1000);
  });

  it("holds the exports together to SHARED_BYTES_PER_SECOND while another request was answered within IN_USE_MS", async () => {
    answeringRequest()();
    expect(msSinceLastAnswer()).toBeLessThan(IN_USE_MS);
    const elapsed = await passBudget(start(), 0.3, true);
    // The debt is paid by absolute time: at most the last chunk's and a short debt's share is left unslept.
    expect(elapsed).toBeGreaterThanOrEqual(300 - 15);
    expect(elapsed).toBeLessThan(MAX_WAIT_MS * 20);
    // Another export starting now inherits what is owed: the budget is shared.
    const second = start();
    answeringRequest()();
    const startedAt = performance.now();
    second.afterChunk(SHARED_BYTES_PER_SECOND / 10);
    await second.beforeChunk();
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(90);
  });

  it("reads how late the thread is only while an export runs, and waits for a quieter thread at most MAX_WAIT_MS a chunk", async () => {
    expect(threadLateMs()).toBe(0);
    const backoff = start();
    await sleep(30);
    holdThread(BUSY_LATE_MS * 4);
    // The sampler's tick that was due during the hold fires late, and is remembered for a few ticks.
    await sleep(1);
    expect(threadLateMs()).toBeGreaterThan(BUSY_LATE_MS);

    const startedAt = performance.now();
    await backoff.beforeChunk();
    const waited = performance.now() - startedAt;
    expect(waited).toBeGreaterThanOrEqual(5);
    expect(waited).toBeLessThan(MAX_WAIT_MS + 100);

    backoff.end();
    backoff.end();
    expect(threadLateMs()).toBe(0);
  });

  it("keeps sampling while any export still runs", async () => {
    const first = start();
    const second = start();
    first.end();
    await sleep(30);
    holdThread(BUSY_LATE_MS * 4);
    await sleep(1);
    expect(threadLateMs()).toBeGreaterThan(BUSY_LATE_MS);
    second.end();
    expect(threadLateMs()).toBe(0);
  });

  it("waits while another request is being answered, and goes on as soon as it is, or after MAX_WAIT_MS", async () => {
    const backoff = start();
    const answered = answeringRequest();
    expect(requestsAnswering()).toBe(1);
    setTimeout(answered, 60);
    let startedAt = performance.now();
    await backoff.beforeChunk();
    let waited = performance.now() - startedAt;
    expect(waited).toBeGreaterThanOrEqual(50);
    expect(waited).toBeLessThan(MAX_WAIT_MS);
    answered();
    expect(requestsAnswering()).toBe(0);

    const stuck = answeringRequest();
    startedAt = performance.now();
    await backoff.beforeChunk();
    waited = performance.now() - startedAt;
    expect(waited).toBeGreaterThanOrEqual(MAX_WAIT_MS - 5);
    expect(waited).toBeLessThan(MAX_WAIT_MS + 100);
    stuck();

    startedAt = performance.now();
    await backoff.beforeChunk();
    expect(performance.now() - startedAt).toBeLessThan(BUSY_LATE_MS);
  });

  it("takes a page's or its data's body for the making of the answer, a download's for a transfer", () => {
    expect(bodyIsRender("text/html; charset=utf-8")).toBe(true);
    expect(bodyIsRender("text/x-script")).toBe(true);
    expect(bodyIsRender("text/csv; charset=utf-8")).toBe(false);
    expect(bodyIsRender("text/event-stream")).toBe(false);
    expect(bodyIsRender("application/pdf")).toBe(false);
    expect(bodyIsRender(null)).toBe(false);
  });
});
