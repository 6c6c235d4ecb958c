import { afterEach, describe, expect, it } from "vitest";
import { BUSY_LATE_MS, type ExportBackoff, exportBackoff, MAX_WAIT_MS, threadLateMs } from "~/lib/export-backoff.server";
import { answeringRequest, bodyIsRender, requestsAnswering } from "~/lib/requests-answering.server";

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
