import { describe, expect, it } from "vitest";
import { displayUserOf } from "~/auth/user-display";
import { formatInstant } from "~/lib/date-format";
import { isDialogMessage } from "~/lib/dialog-events";
import { pageTitleOfMatches } from "~/lib/page-handle";
import { isValidTimeZone } from "~/lib/time-zone";
import { browserTimeZone } from "~/platform/time-zone.server";

const INSTANT = "2024-01-15T18:30:05.000Z";

describe("formatInstant", () => {
  it("writes the spec's formats in the given zone", () => {
    expect(formatInstant(INSTANT, "America/Chicago", "configuration")).toBe("Jan 15, 2024 12:30:05 PM");
    expect(formatInstant(INSTANT, "America/Chicago", "table")).toBe("15-Jan-24 12:30 PM");
    expect(formatInstant(INSTANT, "Asia/Kolkata", "detail")).toBe("16-Jan-2024 12:00:05 AM");
    expect(formatInstant(INSTANT, "America/Chicago", "csv")).toBe("2024-01-15 12:30:05");
  });

  it("falls back to America/Chicago for an unknown zone and writes nothing for an unreadable instant", () => {
    expect(formatInstant(INSTANT, "Nowhere/Land", "table")).toBe("15-Jan-24 12:30 PM");
    expect(formatInstant("not a date", "UTC", "table")).toBe("");
    expect(formatInstant(null, "UTC", "table")).toBe("");
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
