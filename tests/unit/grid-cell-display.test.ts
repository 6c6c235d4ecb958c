import { describe, expect, it } from "vitest";
import { cellDisplay, labelParts } from "~/grid/cell-display";
import { DATE_FORMATS, formatDateTime } from "~/lib/date-format";
import { formatGridDateTime } from "~/lib/grid-date-format";

describe("what a grid cell shows", () => {
  it("shows a date and time compactly, from the spec's format in any zone", () => {
    expect(cellDisplay("dateTime", "Nov 23, 2026 11:44:04 PM CST")).toBe("11/23/26 11:44 PM");
    expect(cellDisplay("dateTime", formatGridDateTime("2026-01-05T06:07:08Z", "UTC"))).toBe("01/05/26 06:07 AM");
    expect(cellDisplay("dateTime", formatGridDateTime("2026-07-05T18:07:08Z", "America/Chicago"))).toBe("07/05/26 01:07 PM");
  });

  it("shows the admin tables' DD-MMM-YY hh:mm A with the table style, as the spec's formatter writes it", () => {
    expect(cellDisplay("dateTime", "Nov 03, 2026 11:44:04 PM CST", "table")).toBe("03-Nov-26 11:44 PM");
    for (const [iso, zone] of [
      ["2026-01-05T06:07:08Z", "UTC"],
      ["2026-07-05T18:07:08Z", "America/Chicago"],
      ["2026-03-08T08:30:00Z", "America/Los_Angeles"],
      ["2026-12-31T20:15:00Z", "Asia/Kolkata"],
    ]) {
      expect(cellDisplay("dateTime", formatGridDateTime(iso, zone), "table")).toBe(formatDateTime(iso, zone, DATE_FORMATS.table));
    }
    expect(cellDisplay("medium", "Nov 03, 2026 11:44:04 PM CST", "table")).toBe("Nov 03, 2026 11:44:04 PM CST");
  });

  it("shows the Configurations screen's MMM DD, YYYY hh:mm:ss A with the long style, the zone left to the title", () => {
    expect(cellDisplay("dateTime", "Nov 03, 2026 11:44:04 PM CST", "long")).toBe("Nov 03, 2026 11:44:04 PM");
    expect(cellDisplay("dateTime", formatGridDateTime("2026-07-05T18:07:08Z", "America/Chicago"), "long")).toBe("Jul 05, 2026 01:07:08 PM");
    expect(cellDisplay("dateTime", "not a date", "long")).toBe("not a date");
  });

  it("leaves other columns and values it does not recognise as they are", () => {
    expect(cellDisplay("medium", "Nov 23, 2026 11:44:04 PM CST")).toBe("Nov 23, 2026 11:44:04 PM CST");
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
