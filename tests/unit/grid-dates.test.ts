import { describe, expect, it } from "vitest";
import { addDays, isCalendarDate, startOfDayUtc, todayIn, utcDayBounds } from "~/grid/dates";

describe("grid dates", () => {
  it("accepts real calendar dates only", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("26-01-01")).toBe(false);
    expect(isCalendarDate("2026-1-1")).toBe(false);
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("finds today in a time zone", () => {
    const now = new Date("2026-11-21T03:30:00Z");
    expect(todayIn("UTC", now)).toBe("2026-11-21");
    expect(todayIn("America/Chicago", now)).toBe("2026-11-20");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-11-21");
  });

  it("sends local day bounds as UTC instants, across daylight saving changes", () => {
    expect(startOfDayUtc("2026-07-01", "America/Chicago").toISOString()).toBe("2026-07-01T05:00:00.000Z");
    expect(startOfDayUtc("2026-01-15", "America/Chicago").toISOString()).toBe("2026-01-15T06:00:00.000Z");
    expect(startOfDayUtc("2026-03-08", "America/Chicago").toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(startOfDayUtc("2026-03-09", "America/Chicago").toISOString()).toBe("2026-03-09T05:00:00.000Z");
    expect(startOfDayUtc("2026-05-05", "Asia/Kolkata").toISOString()).toBe("2026-05-04T18:30:00.000Z");
    expect(utcDayBounds("2026-11-14", "2026-11-21", "UTC")).toEqual({
      start: "2026-11-14T00:00:00.000Z",
      end: "2026-11-22T00:00:00.000Z",
    });
  });
});
