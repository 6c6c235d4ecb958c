import { describe, expect, it } from "vitest";
import { DATE_FORMATS, formatDateTime } from "~/lib/date-format";
import { isDialogMessage } from "~/lib/dialog-events";
import { formatDuration } from "~/lib/duration";
import { pageTitleOfMatches } from "~/lib/page-handle";
import { browserTimeZone } from "~/lib/time-zone.server";
import { isValidTimeZone } from "~/lib/time-zone";
import { displayUserOf } from "~/lib/user-display";

const INSTANT = "2024-01-15T18:30:05.000Z";

describe("formatDateTime", () => {
  it("writes the spec's three formats in the given zone", () => {
    expect(formatDateTime(INSTANT, "America/Chicago", DATE_FORMATS.long)).toBe("Jan 15, 2024 12:30:05 PM CST");
    expect(formatDateTime(INSTANT, "America/Chicago", DATE_FORMATS.table)).toBe("15-Jan-24 12:30 PM");
    expect(formatDateTime(INSTANT, "Asia/Kolkata", DATE_FORMATS.detail)).toBe("16-Jan-2024 12:00:05 AM");
  });

  it("falls back to America/Chicago for an unknown zone and writes nothing for an unreadable instant", () => {
    expect(formatDateTime(INSTANT, "Nowhere/Land", DATE_FORMATS.table)).toBe("15-Jan-24 12:30 PM");
    expect(formatDateTime("not a date", "UTC", DATE_FORMATS.table)).toBe("");
  });
});

describe("time zones", () => {
  it("accepts the runtime's IANA names only", () => {
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Europe/Atlantis")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });

  it("reads the browser's zone from the tz cookie, ignoring anything unknown or malformed", () => {
    const request = (cookie: string) => new Request("http://portal.test/", { headers: { Cookie: cookie } });
    expect(browserTimeZone(request("a=1; tz=America%2FNew_York; b=2"))).toBe("America/New_York");
    expect(browserTimeZone(request("tz=Mars%2FBase"))).toBeNull();
    expect(browserTimeZone(request("tz=%E0%A4%A"))).toBeNull();
    expect(browserTimeZone(request("xtz=Europe%2FBerlin"))).toBeNull();
  });
});

describe("display names", () => {
  it("shows the full name and its initials, or the login when the names are missing", () => {
    expect(displayUserOf({ login: "rprovider", firstName: "Riley", lastName: "Provider" })).toEqual({
      login: "rprovider",
      firstName: "Riley",
      fullName: "Riley Provider",
      initials: "RP",
    });
    expect(displayUserOf({ login: "svc", firstName: null, lastName: " " })).toEqual({ login: "svc", firstName: "svc", fullName: "svc", initials: "SV" });
  });
});

describe("small helpers", () => {
  it("writes uptimes compactly", () => {
    expect(formatDuration(42)).toBe("42 s");
    expect(formatDuration(3_660)).toBe("1 h 1 min");
    expect(formatDuration(2 * 86_400 + 300)).toBe("2 d 5 min");
  });

  it("takes the deepest route title", () => {
    expect(pageTitleOfMatches([{ handle: undefined }, { handle: { title: "Settings" } }])).toBe("Settings");
    expect(pageTitleOfMatches([{ handle: { title: "Outer" } }, { handle: { other: 1 } }])).toBe("Outer");
    expect(pageTitleOfMatches([])).toBeUndefined();
  });

  it("accepts only well-formed pop-up messages from the global event", () => {
    expect(isDialogMessage({ title: "Fail", message: "Failed to get provider data from DB." })).toBe(true);
    expect(isDialogMessage({ title: "Result", message: "Done", lines: ["SUCCESS a", "FAIL b"] })).toBe(true);
    expect(isDialogMessage({ title: "Result", message: "Done", lines: [1] })).toBe(false);
    expect(isDialogMessage("Fail")).toBe(false);
  });
});
