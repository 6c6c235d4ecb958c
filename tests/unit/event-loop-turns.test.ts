import { describe, expect, it } from "vitest";
import { inTurns, Slice } from "~/lib/event-loop-turns.server";

/** Work that holds the thread for about `ms` (busy, as formatting rows is). */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

/** Long work in steps of about 1 ms, taking turns whenever its slice is spent. */
async function longWork(name: string, steps: number, events: string[], sliceMs = 3): Promise<void> {
  const slice = new Slice(sliceMs);
  await slice.nextTurn();
  for (let step = 0; step < steps; step++) {
    if (slice.spent()) {
      events.push(`${name} pauses`);
      await slice.nextTurn();
    }
    busy(1);
  }
  events.push(`${name} done`);
}

describe("long work in slices of the event loop", () => {
  it("lets a callback that was scheduled after it started run before it ends", async () => {
    const events: string[] = [];
    const work = longWork("export", 40, events);
    setImmediate(() => events.push("other request"));
    setTimeout(() => events.push("timer"), 0);
    await work;
    expect(events.indexOf("other request")).toBeGreaterThanOrEqual(0);
    expect(events.indexOf("timer")).toBeGreaterThanOrEqual(0);
    expect(events.indexOf("other request")).toBeLessThan(events.indexOf("export done"));
    expect(events.indexOf("timer")).toBeLessThan(events.indexOf("export done"));
  });

  it("takes turns among long works: each pauses before the others are done", async () => {
    const events: string[] = [];
    await Promise.all([longWork("a", 30, events), longWork("b", 30, events), longWork("c", 30, events)]);
    for (const name of ["a", "b", "c"]) {
      const firstPause = events.indexOf(`${name} pauses`);
      expect(firstPause).toBeGreaterThanOrEqual(0);
      for (const other of ["a", "b", "c"].filter((o) => o !== name)) expect(firstPause).toBeLessThan(events.indexOf(`${other} done`));
    }
  });

  it("a slice is spent before its first turn", () => {
    expect(new Slice(1000).spent()).toBe(true);
  });

  it("an item that arrives after waiting for I/O waits for a turn before it is used", async () => {
    const sliceMs = 5;
    let othersRan = 0;
    const seen: number[] = [];
    /** Each item comes after a wait longer than a slice, as a database batch does; on its arrival a callback is due. */
    async function* afterWaits(): AsyncGenerator<number> {
      for (let item = 0; item < 5; item++) {
        await new Promise((resolve) => setTimeout(resolve, sliceMs * 3));
        setImmediate(() => othersRan++);
        yield item;
      }
    }
    let expected = 0;
    for await (const item of inTurns(afterWaits(), sliceMs)) {
      expect(item).toBe(expected++);
      seen.push(othersRan);
      busy(sliceMs * 2);
    }
    // Before every item was used, the callback that was due on its arrival had run.
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it("hands out items without a pause while the slice lasts", async () => {
    async function* ready(): AsyncGenerator<number> {
      for (let item = 0; item < 100; item++) yield item;
    }
    let othersRan = 0;
    const items: number[] = [];
    for await (const item of inTurns(ready(), 1000)) {
      // The first item took the slice's turn; a callback due from then on runs only once the loop
      // is left to others, which a fresh slice does not do.
      if (item === 0) setImmediate(() => othersRan++);
      items.push(item);
    }
    expect(items).toHaveLength(100);
    expect(othersRan).toBe(0);
  });
});
