import { describe, expect, it } from "vitest";
import { cellDisplay } from "~/grid/cell-display";
import { cellDateTime } from "~/lib/date-format";
import { displayLicense } from "~/modules/transactions/cells";

describe("transaction cells", () => {
  it("pads licenses to six digits, or says Unknown", () => {
    expect(displayLicense("1234")).toBe("001234");
    expect(displayLicense("001234")).toBe("001234");
    expect(displayLicense("12345678")).toBe("12345678");
    expect(displayLicense(null)).toBe("Unknown");
    expect(displayLicense("  ")).toBe("Unknown");
  });

  it("holds dates as the CSV writes them in the user's zone, and shows them as DD-MMM-YY hh:mm A", () => {
    expect(cellDateTime("2026-11-21T15:04:05.000Z", "America/Chicago")).toBe("2026-11-21 09:04:05");
    expect(cellDateTime("2026-07-04T00:30:00.000Z", "America/Chicago")).toBe("2026-07-03 19:30:00");
    expect(cellDateTime("2026-01-01T12:00:00.000Z", "UTC")).toBe("2026-01-01 12:00:00");
    expect(cellDisplay("dateTime", cellDateTime("2026-01-01T00:00:09.000Z", "UTC"))).toBe("01-Jan-26 12:00 AM");
    expect(cellDateTime(null, "UTC")).toBe("");
    expect(cellDateTime("not a date", "UTC")).toBe("");
  });
});
