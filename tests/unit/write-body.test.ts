import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { COALESCE_BYTES, writeBody, type BodyTarget } from "~/http/write-body.server";

/** A socket stand-in that takes `room` chunks before it needs to drain. */
class SlowTarget extends EventEmitter implements BodyTarget {
  written = 0;
  bytes = 0;
  ended = false;
  destroyedWith: Error | undefined;
  flushes = 0;
  constructor(private room: number) {
    super();
  }
  write(chunk: Uint8Array): boolean {
    this.written++;
    this.bytes += chunk.byteLength;
    this.room--;
    return this.room > 0;
  }
  end(): void {
    this.ended = true;
  }
  destroy(error?: Error): void {
    this.destroyedWith = error;
  }
  flush(): void {
    this.flushes++;
  }
  drain(room: number): void {
    this.room = room;
    this.emit("drain");
  }
}

/**
 * A body of `total` chunks that counts how many were produced and whether it was cancelled. Its
 * chunks are as large as writeBody writes at once, so each is one write.
 */
function countingBody(total: number, failAt?: number, chunkBytes = COALESCE_BYTES) {
  const state = { produced: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.produced === failAt) {
          controller.error(new Error("the producer failed"));
          return;
        }
        if (state.produced === total) {
          controller.close();
          return;
        }
        state.produced++;
        controller.enqueue(new Uint8Array(chunkBytes));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { state, body };
}

/** Lets pending reads and writes run: a few turns of the event loop, no clock involved. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe("writing a response body with backpressure", () => {
  it("reads no further while the socket is full, and goes on when it drains", async () => {
    const target = new SlowTarget(3);
    const { state, body } = countingBody(100);
    const done = writeBody(body, target);
    await settle();
    expect(target.written).toBe(3);
    expect(state.produced).toBe(3);
    target.drain(10);
    await settle();
    expect(target.written).toBe(13);
    target.drain(1000);
    await done;
    expect(target.written).toBe(100);
    expect(target.ended).toBe(true);
  });

  it("writes the small chunks of a burst together and flushes them once, when the producer pauses", async () => {
    const target = new SlowTarget(1000);
    let release: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (sent === 50) await paused;
          if (sent === 51) {
            controller.close();
            return;
          }
          sent++;
          controller.enqueue(new Uint8Array(16));
        },
      },
      { highWaterMark: 0 },
    );
    const done = writeBody(body, target);
    await settle();
    // The burst of 50 small chunks is written (as one) and flushed while the producer waits.
    expect(target.bytes).toBe(50 * 16);
    expect(target.written).toBe(1);
    expect(target.flushes).toBe(1);
    release();
    await done;
    expect(target.bytes).toBe(51 * 16);
    expect(target.ended).toBe(true);
  });

  it("flushes a download at most once per flushEveryMs, where a page is flushed after every burst", async () => {
    /** 20 chunks, the producer pausing (a turn of the event loop) before each. */
    const pausingBody = () => {
      let sent = 0;
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            await new Promise((resolve) => setTimeout(resolve, 1));
            if (sent++ === 20) controller.close();
            else controller.enqueue(new Uint8Array(COALESCE_BYTES));
          },
        },
        { highWaterMark: 0 },
      );
    };
    const page = new SlowTarget(1000);
    await writeBody(pausingBody(), page);
    expect(page.written).toBe(20);
    expect(page.flushes).toBeGreaterThanOrEqual(19);
    const download = new SlowTarget(1000);
    await writeBody(pausingBody(), download, { flushEveryMs: 60_000 });
    expect(download.written).toBe(20);
    expect(download.flushes).toBeLessThanOrEqual(1);
    expect(download.ended).toBe(true);
  });

  it("cancels the body when the client goes away, even while waiting for a drain", async () => {
    const target = new SlowTarget(2);
    const { state, body } = countingBody(100);
    const done = writeBody(body, target);
    await settle();
    target.emit("close");
    await done;
    expect(state.cancelled).toBe(true);
    expect(state.produced).toBe(2);
    expect(target.ended).toBe(false);
  });

  it("ends the connection when the body fails after it started", async () => {
    const target = new SlowTarget(1000);
    const { body } = countingBody(100, 5);
    await expect(writeBody(body, target)).rejects.toThrow("the producer failed");
    expect(target.written).toBe(5);
    expect(target.destroyedWith?.message).toBe("the producer failed");
    expect(target.ended).toBe(false);
  });
});

describe("writing to a response whose client left before the body started", () => {
  it("cancels the body at once instead of waiting for a drain or a close that never come", async () => {
    const target = Object.assign(new SlowTarget(0), { destroyed: true });
    const { state, body } = countingBody(100);
    await writeBody(body, target);
    expect(state.cancelled).toBe(true);
    expect(target.written).toBe(0);
    expect(target.ended).toBe(false);
  });
});

describe("writing a burst of small chunks", () => {
  it("writes at most COALESCE_BYTES at a time, and waits for a drain after a write the socket cannot take", async () => {
    const target = new SlowTarget(2);
    const { state, body } = countingBody(1000, undefined, 100);
    const done = writeBody(body, target);
    await settle();
    // Two writes of about COALESCE_BYTES each fill the socket: reading stops there.
    expect(target.written).toBe(2);
    expect(target.bytes).toBeGreaterThanOrEqual(2 * COALESCE_BYTES);
    expect(target.bytes).toBeLessThan(2 * COALESCE_BYTES + 200);
    expect(state.produced * 100).toBe(target.bytes);
    target.drain(1_000_000);
    await done;
    expect(target.bytes).toBe(100_000);
    expect(target.written).toBeLessThanOrEqual(Math.ceil(100_000 / COALESCE_BYTES) + 1);
    expect(target.ended).toBe(true);
  });
});
