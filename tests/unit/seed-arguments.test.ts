import { describe, expect, it } from "vitest";
import { parseSeedArguments, SeedArgumentError } from "../../seed/cli-arguments";

describe("npm run seed arguments", () => {
  it("default to the demo scale without force", () => {
    expect(parseSeedArguments([])).toEqual({ scale: 30_000, force: false, lean: false, anchor: undefined, help: false });
  });

  it("read the scale, force, lean and anchor in either form", () => {
    expect(parseSeedArguments(["--scale", "1000000", "--force"])).toMatchObject({ scale: 1_000_000, force: true, lean: false });
    expect(parseSeedArguments(["--lean", "--scale=10000000"])).toMatchObject({ scale: 10_000_000, force: false, lean: true });
    expect(parseSeedArguments(["--scale=400", "--anchor=2026-06-17"])).toMatchObject({ scale: 400, anchor: new Date("2026-06-17T00:00:00Z") });
    expect(parseSeedArguments(["--anchor", "2024-02-29"]).anchor?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(parseSeedArguments(["-h"]).help).toBe(true);
  });

  it("refuse anything else with one clear message", () => {
    const cases: [string[], RegExp][] = [
      [["--scale"], /--scale needs a whole number/],
      [["--scale", "ten"], /--scale needs a whole number, got "ten"/],
      [["--scale", "1.5"], /whole number/],
      [["--scale", "0"], /between 1 and 10000000/],
      [["--scale", "10000001"], /between 1 and 10000000/],
      [["--anchor", "2026-02-30"], /--anchor needs a date as YYYY-MM-DD/],
      [["--anchor", "17/06/2026"], /YYYY-MM-DD/],
      [["--force=yes"], /--force takes no value/],
      [["--lean=true"], /--lean takes no value/],
      [["--verbose"], /Unknown argument "--verbose"/],
      [["400"], /Unknown argument "400"/],
    ];
    for (const [argv, message] of cases) {
      expect(() => parseSeedArguments(argv), argv.join(" ")).toThrow(SeedArgumentError);
      expect(() => parseSeedArguments(argv)).toThrow(message);
    }
  });
});
