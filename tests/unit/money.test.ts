import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";

describe("formatMoney", () => {
  it("shows every amount in USD with two decimals", () => {
    expect(formatMoney(46.48)).toBe("$46.48");
    expect(formatMoney(162.5)).toBe("$162.50");
    expect(formatMoney(1234)).toBe("$1,234.00");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(-3.456)).toBe("-$3.46");
  });

  it("shows nothing for a missing or unusable amount", () => {
    expect(formatMoney(null)).toBe("");
    expect(formatMoney(undefined)).toBe("");
    expect(formatMoney(Number.NaN)).toBe("");
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe("");
  });
});
