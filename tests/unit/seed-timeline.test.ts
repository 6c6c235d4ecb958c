import { describe, expect, it } from "vitest";
import { addUtcMonths, createTimeline, DAY_MS, firstOfMonth, isoInstant, startOfUtcDay } from "../../seed/timeline";

describe("the demo timeline", () => {
  const anchor = new Date("2026-06-17T15:42:00Z");
  const timeline = createTimeline(anchor);

  it("covers the 13 months before the anchor day and the anchor day itself", () => {
    expect(timeline.anchorDay.toISOString()).toBe("2026-06-17T00:00:00.000Z");
    expect(new Date(timeline.startMs).toISOString()).toBe("2025-05-17T00:00:00.000Z");
    expect(new Date(timeline.endMs).toISOString()).toBe("2026-06-18T00:00:00.000Z");
    expect(timeline.dayCount).toBe(397);
  });

  it("maps shares of requests to instants that never go backwards and stay in range", () => {
    let previous = -Infinity;
    for (let i = 0; i <= 10_000; i++) {
      const at = timeline.instantAt(i / 10_000);
      expect(at).toBeGreaterThanOrEqual(previous);
      expect(at).toBeGreaterThanOrEqual(timeline.startMs);
      expect(at).toBeLessThan(timeline.endMs);
      previous = at;
    }
    expect(timeline.instantAt(0.999999)).toBeGreaterThanOrEqual(timeline.endMs - DAY_MS);
  });

  it("is busier in recent months, on weekdays and in US shop hours", () => {
    const instants = Array.from({ length: 20_000 }, (_, i) => timeline.instantAt((i + 0.5) / 20_000));
    const firstMonth = instants.filter((t) => t < timeline.startMs + 30 * DAY_MS).length;
    const lastMonth = instants.filter((t) => t >= timeline.endMs - 30 * DAY_MS).length;
    expect(lastMonth).toBeGreaterThan(firstMonth * 2);
    const weekend = instants.filter((t) => [0, 6].includes(new Date(t).getUTCDay())).length;
    expect(weekend / instants.length).toBeLessThan(0.2);
    const shopHours = instants.filter((t) => new Date(t).getUTCHours() >= 12).length;
    expect(shopHours / instants.length).toBeGreaterThan(0.8);
  });

  it("does calendar arithmetic in UTC", () => {
    expect(startOfUtcDay(new Date("2026-03-08T23:59:59Z")).toISOString()).toBe("2026-03-08T00:00:00.000Z");
    expect(addUtcMonths(new Date("2026-03-31T00:00:00Z"), -1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(addUtcMonths(new Date("2025-01-15T00:00:00Z"), 13).toISOString()).toBe("2026-02-15T00:00:00.000Z");
    expect(firstOfMonth(new Date("2026-06-17T00:00:00Z"), 11)).toBe("2025-07-01");
    expect(firstOfMonth(new Date("2026-01-05T00:00:00Z"), 1)).toBe("2025-12-01");
  });
});

describe("the demo timeline cut at the seeding instant", () => {
  const seededAt = new Date("2026-06-17T15:42:00Z");
  const cut = createTimeline(seededAt, seededAt);
  const whole = createTimeline(seededAt);

  it("ends at the seeding instant when it falls on the anchor day, and at the day's end otherwise", () => {
    expect(new Date(cut.endMs).toISOString()).toBe("2026-06-17T15:42:00.000Z");
    expect(cut.startMs).toBe(whole.startMs);
    expect(new Date(whole.endMs).toISOString()).toBe("2026-06-18T00:00:00.000Z");
    expect(createTimeline(seededAt, new Date("2026-06-20T08:00:00Z")).endMs).toBe(whole.endMs);
    expect(() => createTimeline(seededAt, new Date("2026-06-17T00:00:00Z"))).toThrow(RangeError);
  });

  it("puts every request before the end, the last day's only in its hours so far", () => {
    let previous = -Infinity;
    const instants: number[] = [];
    for (let i = 0; i <= 20_000; i++) {
      const at = cut.instantAt(i / 20_000);
      expect(at).toBeGreaterThanOrEqual(previous);
      expect(at).toBeLessThan(cut.endMs);
      instants.push(at);
      previous = at;
    }
    const lastDay = instants.filter((t) => t >= cut.anchorDay.getTime()).length;
    expect(lastDay).toBeGreaterThan(0);
    // By 15:42 UTC a US shop day is about 40% done: fewer requests than a whole weekday, but some.
    const wholeLastDay = Array.from({ length: 20_001 }, (_, i) => whole.instantAt(i / 20_000)).filter((t) => t >= whole.anchorDay.getTime()).length;
    expect(lastDay).toBeLessThan(wholeLastDay * 0.6);
    expect(lastDay).toBeGreaterThan(wholeLastDay * 0.2);
  });

  it("dates anything that would only happen later at the end", () => {
    expect(cut.iso(cut.endMs + 3 * DAY_MS)).toBe("2026-06-17T15:42:00.000Z");
    expect(cut.iso(cut.endMs - 1000)).toBe("2026-06-17T15:41:59.000Z");
    expect(whole.iso(whole.endMs + 5)).toBe("2026-06-18T00:00:00.000Z");
  });
});

describe("isoInstant", () => {
  it("formats exactly like Date.toISOString", () => {
    const samples = [0, 1, 999, 86_399_999, 86_400_000, Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2026, 5, 17, 12, 0, 0, 7)];
    for (let i = 0; i < 5000; i++) samples.push(Date.UTC(2020, 0, 1) + Math.floor(((i * 2654435761) % 4294967296) * 73.3));
    for (const ms of samples) expect(isoInstant(ms), String(ms)).toBe(new Date(ms).toISOString());
  });
});
