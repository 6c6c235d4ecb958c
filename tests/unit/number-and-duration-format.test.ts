import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDuration } from "~/lib/duration";
import { abbreviatedCount, axisCount, cardCount, exactCount } from "~/lib/number-format";

describe("counts (decision 0070)", () => {
  it("writes a count exactly with thousands separators", () => {
    expect([0, 7, 999, 1000, 2466, 1_234_567].map(exactCount)).toEqual(["0", "7", "999", "1,000", "2,466", "1,234,567"]);
  });

  it("keeps the spec's abbreviation with K, M, B and T and two decimals for where nothing else fits", () => {
    expect([999, 1000, 1234, 1_500_000, 2_345_678_901, 7e12].map(abbreviatedCount)).toEqual(["999", "1.00K", "1.23K", "1.50M", "2.35B", "7.00T"]);
  });

  it("shows a card's count exactly below a million, and its digits are the count's", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (value) => {
        const shown = cardCount(value);
        expect(shown).toBe(exactCount(value));
        expect(Number(shown.replace(/,/g, ""))).toBe(value);
      }),
    );
    expect(cardCount(1_000_000)).toBe("1.00M");
  });

  it("writes an axis's ticks short from ten thousand, without trailing zeros", () => {
    expect([0, 2500, 9999, 10_000, 25_000, 125_500, 1_500_000].map(axisCount)).toEqual(["0", "2,500", "9,999", "10K", "25K", "125.5K", "1.5M"]);
  });
});

describe("durations (decision 0070)", () => {
  it("reads in the two largest units a person uses", () => {
    expect(formatDuration(42_000)).toBe("42 sec");
    expect(formatDuration(192_000)).toBe("3 min 12 sec");
    expect(formatDuration(725_999)).toBe("12 min 5 sec");
    expect(formatDuration(3_660_000)).toBe("1 h 1 min");
    expect(formatDuration((2787 * 60 + 54) * 1000)).toBe("46 h 27 min");
    expect(formatDuration(2 * 86_400_000 + 4 * 3_600_000 + 300_000)).toBe("2 d 4 h");
  });

  it("writes nothing for an unknown, negative or endless duration", () => {
    for (const value of [null, undefined, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatDuration(value)).toBe("");
  });

  it("never reads longer than the duration, nor shorter by a whole unit of its last part", () => {
    const UNIT_MS: Record<string, number> = { sec: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400_000 }), (ms) => {
        const parts = [...formatDuration(ms).matchAll(/(\d+) (sec|min|h|d)/g)];
        expect(parts.length).toBeGreaterThanOrEqual(1);
        expect(parts.length).toBeLessThanOrEqual(2);
        const read = parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNIT_MS[unit], 0);
        const last = UNIT_MS[parts[parts.length - 1][2]];
        expect(read).toBeLessThanOrEqual(ms);
        expect(ms - read).toBeLessThan(last);
      }),
    );
  });
});
