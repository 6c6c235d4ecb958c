import { describe, expect, it } from "vitest";
import { dateToDay, dayToDate } from "~/lib/calendar-day";

describe("calendar days between the URL and a date picker", () => {
  it("reads a YYYY-MM-DD day as its local midnight and writes it back unchanged", () => {
    for (const day of ["2026-01-01", "2026-02-28", "2024-02-29", "2026-03-08", "2026-11-01", "2026-12-31"]) {
      const date = dayToDate(day);
      expect(date?.getHours()).toBe(0);
      expect(dateToDay(date)).toBe(day);
    }
  });

  it("reads an empty, malformed or impossible day as none", () => {
    for (const day of [null, undefined, "", "2026-1-01", "2026-02-30", "2026-13-01", "26-01-01", "2026-01-01T00:00"]) {
      expect(dayToDate(day)).toBeNull();
    }
    expect(dateToDay(null)).toBe("");
  });

  it("writes a picked day by its local calendar day, whatever its time", () => {
    expect(dateToDay(new Date(2026, 10, 23, 23, 59))).toBe("2026-11-23");
    expect(dateToDay(new Date(2026, 0, 5, 0, 0))).toBe("2026-01-05");
  });
});
