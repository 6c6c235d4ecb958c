import { describe, expect, it } from "vitest";
import { Slice } from "~/lib/event-loop-turns.server";

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
});
