import { describe, expect, it } from "vitest";
import { cellDisplay, cellTitle, labelParts } from "~/grid/cell-display";
import { cellDateTime, formatInstant } from "~/lib/date-format";

describe("what a grid cell shows", () => {
  it("shows a date and time in the tables' DD-MMM-YY hh:mm A, as the instant would be written in the grid's zone", () => {
    expect(cellDisplay("dateTime", "2026-11-23 23:44:04")).toBe("23-Nov-26 11:44 PM");
    expect(cellDisplay("dateTime", "2026-11-03 23:44:04", "table")).toBe("03-Nov-26 11:44 PM");
    for (const [iso, zone] of [
      ["2026-01-05T06:07:08Z", "UTC"],
      ["2026-07-05T18:07:08Z", "America/Chicago"],
      ["2026-03-08T08:30:00Z", "America/Los_Angeles"],
      ["2026-12-31T20:15:00Z", "Asia/Kolkata"],
    ]) {
      expect(cellDisplay("dateTime", cellDateTime(iso, zone))).toBe(formatInstant(iso, zone, "table"));
      expect(cellTitle("dateTime", cellDateTime(iso, zone))).toBe(formatInstant(iso, zone, "detail"));
    }
  });

  it("shows the Configurations screen's MMM DD, YYYY hh:mm:ss A with its style, in the cell and its title", () => {
    expect(cellDisplay("dateTime", "2026-11-03 23:44:04", "configuration")).toBe("Nov 03, 2026 11:44:04 PM");
    expect(cellTitle("dateTime", "2026-11-03 23:44:04", "configuration")).toBe("Nov 03, 2026 11:44:04 PM");
    expect(cellDisplay("dateTime", "not a date", "configuration")).toBe("not a date");
  });

  it("leaves other columns and values it does not recognise as they are", () => {
    expect(cellDisplay("medium", "2026-11-23 23:44:04")).toBe("2026-11-23 23:44:04");
    expect(cellTitle("medium", "2026-11-23 23:44:04")).toBe("2026-11-23 23:44:04");
    expect(cellDisplay("dateTime", "")).toBe("");
    expect(cellDisplay("dateTime", "not a date")).toBe("not a date");
  });

  it("breaks run-together header labels between their words only", () => {
    expect(labelParts("InvoiceStatus")).toEqual(["Invoice", "Status"]);
    expect(labelParts("Process Status")).toEqual(["Process Status"]);
    expect(labelParts("VIN")).toEqual(["VIN"]);
    expect(labelParts("CCCOne Status")).toEqual(["CCCOne Status"]);
  });
});
