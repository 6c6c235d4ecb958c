import { describe, expect, it } from "vitest";
import { Random, streamFor } from "../../seed/random";

describe("seeded random numbers", () => {
  it("repeat exactly for the same seed and differ for another", () => {
    const draw = (seed: string) => {
      const random = new Random(seed);
      return Array.from({ length: 50 }, () => random.nextUint32());
    };
    expect(draw("alpha")).toEqual(draw("alpha"));
    expect(draw("alpha")).not.toEqual(draw("beta"));
    expect(streamFor("s", "request", 1).next()).toBe(streamFor("s", "request", 1).next());
    expect(streamFor("s", "request", 1).next()).not.toBe(streamFor("s", "request", 2).next());
  });

  it("stay in range and cover it evenly", () => {
    const random = new Random("range");
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const value = random.next();
      expect(value >= 0 && value < 1).toBe(true);
      buckets[Math.floor(value * 10)]++;
    }
    for (const count of buckets) expect(Math.abs(count - 2000)).toBeLessThan(200);
    const ints = new Set(Array.from({ length: 2000 }, () => random.int(3, 7)));
    expect([...ints].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it("pick by weight, sample without repeats and build ids of the right shape", () => {
    const random = new Random("weights");
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 10_000; i++)
      counts[
        random.weighted([
          ["a", 70],
          ["b", 20],
          ["c", 10],
        ] as const)
      ]++;
    expect(counts.a / 10_000).toBeCloseTo(0.7, 1);
    expect(counts.c / 10_000).toBeCloseTo(0.1, 1);
    const sample = random.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(sample).size).toBe(4);
    expect(random.sample([1, 2], 5)).toHaveLength(2);
    expect(random.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(random.digits(6)).toMatch(/^\d{6}$/);
    expect(random.alphanumeric(8)).toMatch(/^[A-Z0-9]{8}$/);
    expect(() => random.pick([])).toThrow();
  });
});
