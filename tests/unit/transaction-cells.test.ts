import { describe, expect, it } from "vitest";
import { formatGridDateTime } from "~/lib/grid-date-format";
import { displayLicense } from "~/modules/transactions/cells";

describe("transaction cells", () => {
  it("pads licenses to six digits, or says Unknown", () => {
    expect(displayLicense("1234")).toBe("001234");
    expect(displayLicense("001234")).toBe("001234");
    expect(displayLicense("12345678")).toBe("12345678");
    expect(displayLicense(null)).toBe("Unknown");
    expect(displayLicense("  ")).toBe("Unknown");
  });

  it("formats dates as MMM DD, YYYY hh:mm:ss A z in the user's zone", () => {
    expect(formatGridDateTime("2026-11-21T15:04:05.000Z", "America/Chicago")).toBe("Nov 21, 2026 09:04:05 AM CST");
    expect(formatGridDateTime("2026-07-04T00:30:00.000Z", "America/Chicago")).toBe("Jul 03, 2026 07:30:00 PM CDT");
    expect(formatGridDateTime("2026-01-01T12:00:00.000Z", "UTC")).toBe("Jan 01, 2026 12:00:00 PM UTC");
    expect(formatGridDateTime("2026-01-01T00:00:09.000Z", "UTC")).toBe("Jan 01, 2026 12:00:09 AM UTC");
    expect(formatGridDateTime(null, "UTC")).toBe("");
    expect(formatGridDateTime("not a date", "UTC")).toBe("");
  });
});
