import { describe, expect, it } from "vitest";
import { safeReturnTo } from "~/auth/return-to";

describe("safeReturnTo", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeReturnTo("/transactions?vin=ABC&status=FAILED")).toBe("/transactions?vin=ABC&status=FAILED");
    expect(safeReturnTo("/admin/providers")).toBe("/admin/providers");
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "http://evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "%2F%2Fevil.example",
    "/%2F/evil.example",
    "%252F%252Fevil.example",
    "/%5Cevil.example",
    "/\tevil",
    "%0D%0ALocation:%20https://evil.example",
    "data:text/html,hi",
    "",
    "transactions",
  ])("sends %s to /", (target) => {
    expect(safeReturnTo(target)).toBe("/");
  });

  it("falls back for missing values", () => {
    expect(safeReturnTo(null)).toBe("/");
    expect(safeReturnTo(undefined, "/home")).toBe("/home");
  });
});
