import { afterEach, describe, expect, it } from "vitest";
import { csvResponse } from "~/grid/csv-export.server";
import { DEFAULT_EXPORT_LIMITS, ExportSlots, exportSlots, isRefusal, setExportLimits } from "~/grid/export-slots.server";
import { limitedExport } from "~/grid/limited-export.server";
import { setLogLevel } from "~/lib/logger.server";

/** A body of `total` chunks that counts what it produced and whether it was cancelled. */
function countingBody(total: number, failAt?: number) {
  const state = { produced: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.produced === failAt) {
          controller.error(new Error("the database went away"));
          return;
        }
        if (state.produced === total) {
          controller.close();
          return;
        }
        state.produced++;
        controller.enqueue(new Uint8Array([state.produced]));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { state, body };
}

function download(total: number, failAt?: number) {
  const source = countingBody(total, failAt);
  return { source, start: async () => new Response(source.body, { status: 200, headers: { "Content-Type": "text/csv; charset=utf-8" } }) };
}

function request(signal?: AbortSignal): Request {
  return new Request("http://localhost/transactions.csv", { signal });
}

async function readAll(response: Response): Promise<number[]> {
  return [...new Uint8Array(await response.arrayBuffer())];
}

setLogLevel("error");
afterEach(() => setExportLimits(DEFAULT_EXPORT_LIMITS));

describe("export slots", () => {
  it("counts per user and in total, and a slot released twice counts once", () => {
    const slots = new ExportSlots({ perUser: 2, total: 3 });
    const first = slots.take("ann");
    const second = slots.take("ann");
    expect(isRefusal(first) || isRefusal(second)).toBe(false);
    expect(slots.take("ann")).toEqual({ refused: "user", limits: { perUser: 2, total: 3 } });
    const bob = slots.take("bob");
    expect(isRefusal(bob)).toBe(false);
    expect(slots.take("cy")).toEqual({ refused: "total", limits: { perUser: 2, total: 3 } });
    if (isRefusal(first)) throw new Error("unreachable");
    first.release();
    first.release();
    expect(slots.inUse).toBe(2);
    expect(slots.inUseBy("ann")).toBe(1);
    expect(isRefusal(slots.take("cy"))).toBe(false);
    expect(isRefusal(slots.take("dee"))).toBe(true);
  });

  it("refuses limits that are not whole numbers of at least 1", () => {
    expect(() => new ExportSlots({ perUser: 0, total: 4 })).toThrow(RangeError);
    expect(() => new ExportSlots({ perUser: 1, total: 1.5 })).toThrow(RangeError);
  });
});

describe("a limited export", () => {
  it("answers 429 with the message and Retry-After beyond the user's limit and the total, without starting the export", async () => {
    setExportLimits({ perUser: 1, total: 2 });
    const held = await limitedExport(request(), "ann", download(5).start);
    let started = false;
    const refused = await limitedExport(request(), "ann", async () => {
      started = true;
      return new Response("never");
    });
    expect(started).toBe(false);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(refused.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await refused.text()).toBe("You already have an export downloading. Wait for it to finish, then try again.\n");

    await limitedExport(request(), "bob", download(5).start);
    const busy = await limitedExport(request(), "cy", download(5).start);
    expect(busy.status).toBe(429);
    expect(await busy.text()).toBe("Too many exports are downloading right now. Try again in 30 seconds.\n");

    setExportLimits({ perUser: 3, total: 9 });
    await limitedExport(request(), "ann", download(1).start);
    await limitedExport(request(), "ann", download(1).start);
    const third = await limitedExport(request(), "ann", download(1).start);
    expect(third.status).toBe(200);
    const fourth = await limitedExport(request(), "ann", download(1).start);
    expect(await fourth.text()).toBe("You already have 3 exports downloading. Wait for one of them to finish, then try again.\n");
    await readAll(held);
  });

  it("passes the bytes through unchanged, at the reader's pace, and frees the slot when the download ends", async () => {
    setExportLimits({ perUser: 1, total: 1 });
    const { source, start } = download(50);
    const response = await limitedExport(request(), "ann", start);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.read();
    expect(source.state.produced).toBeLessThanOrEqual(3);
    expect(exportSlots().inUse).toBe(1);
    const rest: number[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest.push(...next.value);
    expect(rest).toEqual(Array.from({ length: 48 }, (_, index) => index + 3));
    expect(exportSlots().inUse).toBe(0);
  });

  it("frees the slot when the download fails, and the reader sees the failure", async () => {
    setExportLimits({ perUser: 1, total: 1 });
    const response = await limitedExport(request(), "ann", download(50, 10).start);
    await expect(readAll(response)).rejects.toThrow("the database went away");
    expect(exportSlots().inUse).toBe(0);
  });

  it("frees the slot when the export cannot start, and passes the error on", async () => {
    setExportLimits({ perUser: 1, total: 1 });
    await expect(
      limitedExport(request(), "ann", async () => {
        throw new Error("no such column");
      }),
    ).rejects.toThrow("no such column");
    expect(exportSlots().inUse).toBe(0);
  });

  it("frees the slot and stops the export when the writer cancels the body (the client went away)", async () => {
    setExportLimits({ perUser: 1, total: 1 });
    const { source, start } = download(50);
    const response = await limitedExport(request(), "ann", start);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    expect(source.state.cancelled).toBe(true);
    expect(exportSlots().inUse).toBe(0);
  });

  it("frees the slot and stops the export when the request's signal aborts, mid-download or before the body started", async () => {
    setExportLimits({ perUser: 1, total: 1 });
    const midway = new AbortController();
    const { source, start } = download(50);
    const response = await limitedExport(request(midway.signal), "ann", start);
    await (response.body as ReadableStream<Uint8Array>).getReader().read();
    midway.abort();
    await expect.poll(() => source.state.cancelled).toBe(true);
    expect(exportSlots().inUse).toBe(0);

    const early = new AbortController();
    const late = download(50);
    const unread = await limitedExport(request(early.signal), "ann", async () => {
      early.abort();
      return late.start();
    });
    expect(unread.status).toBe(200);
    await expect.poll(() => late.source.state.cancelled).toBe(true);
    expect(exportSlots().inUse).toBe(0);
  });
});

describe("a CSV download whose client went away while its first rows were read", () => {
  it("releases its rows although nobody reads or cancels the body", async () => {
    const state = { released: false };
    async function* rows(): AsyncGenerator<Array<{ id: number }>, void, undefined> {
      try {
        for (let batch = 0; batch < 100; batch++) yield [{ id: batch }];
      } finally {
        state.released = true;
      }
    }
    const controller = new AbortController();
    controller.abort();
    const response = await csvResponse({
      grid: "sample",
      fileName: "x.csv",
      columns: [{ id: "id", label: "ID" }],
      rows: rows(),
      cells: (row) => ({ id: String(row.id) }),
      signal: controller.signal,
      onError: () => undefined,
    });
    expect(response.status).toBe(200);
    await expect.poll(() => state.released).toBe(true);
  });
});
