import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactPaths, pathAndBelow, safeReturnTo } from "~/auth/return-to";
import { backOf, singleResendBack } from "~/modules/resend/schema";
import { backTarget } from "~/modules/transaction-detail/detail-kinds";
import { documentBack } from "~/modules/transaction-detail/document-links";
import { previewBackLink } from "~/modules/transaction-results/links";
import { HOSTILE_TARGETS } from "../support/hostile-targets";

/** Paths the portal itself produces (grid URLs with their queries, detail views): kept exactly. */
const GOOD_TARGETS: readonly string[] = [
  "/",
  "/home",
  "/settings",
  "/transactions",
  "/transactions?provider=1001",
  "/transactions?provider=1001&page=2&size=20&sort=createdAt&dir=desc&cols=scanRequestId,vin,status",
  "/transactions?vin=1FTEW1EP5MFA12345&status=FAILED&from=2025-01-01&to=2025-01-31",
  `/transactions?${new URLSearchParams({ shop: "Joe's Garage & Co", vin: "1FT*", note: "é ü" }).toString()}`,
  "/transactions/services?provider=1001&expanded=42",
  "/transactions/quotes?page=3",
  "/transactions/scanResults?expanded=5&page=2",
  "/transactions/4?tab=reports&section=results",
  `/transactions/4?${new URLSearchParams({ back: "/transactions?page=2&size=50" }).toString()}`,
  "/transactions/services/12?tab=invoice",
  "/transactions/resend?ids=1&ids=2&back=%2Ftransactions%3Fpage%3D2",
  "/logout?from=grid",
];

describe("safeReturnTo", () => {
  it.each(HOSTILE_TARGETS.map((target) => [JSON.stringify(target.length > 80 ? `${target.slice(0, 80)}…` : target), target]))(
    "gives the fallback for %s",
    (_label, target) => {
      expect(safeReturnTo(target)).toBe("/");
      expect(safeReturnTo(target, "/home")).toBe("/home");
    },
  );

  it.each(GOOD_TARGETS)("keeps %s unchanged", (target) => {
    expect(safeReturnTo(target, "/fallback")).toBe(target);
  });

  it("falls back for missing values", () => {
    expect(safeReturnTo(null)).toBe("/");
    expect(safeReturnTo(undefined, "/home")).toBe("/home");
  });

  it("answers with the normalised path, the value that was checked", () => {
    expect(safeReturnTo("/transactions/../home")).toBe("/home");
    expect(safeReturnTo("/transactions/./services?page=2")).toBe("/transactions/services?page=2");
  });

  it("keeps a path inside the caller's area, judged after normalisation", () => {
    const transactions = pathAndBelow("/transactions");
    expect(safeReturnTo("/transactions/4?tab=reports", "/x", transactions)).toBe("/transactions/4?tab=reports");
    expect(safeReturnTo("/transactions", "/x", transactions)).toBe("/transactions");
    expect(safeReturnTo("/transactionsX", "/x", transactions)).toBe("/x");
    expect(safeReturnTo("/transactions/../settings", "/x", transactions)).toBe("/x");
    expect(safeReturnTo("/transactions/%2e%2e/settings", "/x", transactions)).toBe("/x");
    const grids = exactPaths("/transactions", "/transactions/scanResults");
    expect(safeReturnTo("/transactions/scanResults?page=2", "/x", grids)).toBe("/transactions/scanResults?page=2");
    expect(safeReturnTo("/transactions/4", "/x", grids)).toBe("/x");
  });

  it("never answers with anything a browser would read as another origin, for any input", () => {
    const pieces = fc.constantFrom(
      "/",
      "\\",
      ".",
      "..",
      "%2e",
      "%2f",
      "%2F",
      "%5c",
      "%25",
      "%",
      "2f",
      "evil.com",
      ":",
      "//",
      "\t",
      "\n",
      " ",
      "?",
      "#",
      "@",
      "http",
      "javascript",
      "a",
    );
    const base = "https://portal.example";
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join("")),
        (candidate) => {
          const answer = safeReturnTo(candidate, "/fallback");
          if (answer === "/fallback") return;
          expect(answer.startsWith("/")).toBe(true);
          expect(answer.startsWith("//")).toBe(false);
          // eslint-disable-next-line no-control-regex -- control characters are what must not come out
          expect(answer).not.toMatch(/[\\\u0000-\u001f]/);
          const url = new URL(answer, base);
          expect(url.origin).toBe(base);
          expect(`${url.pathname}${url.search}${url.hash}`).toBe(answer);
          let decoded = url.pathname;
          for (let round = 0; round < 4; round++) {
            decoded = decodeURIComponent(decoded);
            expect(new URL(decoded, base).origin).toBe(base);
            expect(decoded.startsWith("//")).toBe(false);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

/** Every way back the product takes from a URL or a form goes through the same rule. */
describe("every returnTo and back of the product", () => {
  const users: Array<[string, (target: string) => string, string]> = [
    ["the resend pages' back", (target) => backOf(new URLSearchParams({ back: target })), "/transactions"],
    ["the bulk form's returnTo", (target) => backOf(new URLSearchParams({ returnTo: target })), "/transactions"],
    ["a single resend's back", (target) => singleResendBack(target, 12), "/transactions/12"],
    ["a detail view's Back", (target) => backTarget("transaction", target), "/transactions"],
    ["the document viewer's Back", (target) => documentBack(target), "/transactions"],
    ["the report preview's Back", (target) => previewBackLink(target, 5), "/transactions/5?tab=reports"],
  ];

  it.each(users)("%s refuses every hostile target", (_name, backFor, fallback) => {
    for (const target of HOSTILE_TARGETS) expect(backFor(target), JSON.stringify(target)).toBe(fallback);
  });

  it("keeps the grid URLs they are given", () => {
    const grid = "/transactions?provider=1001&page=2&size=20&sort=createdAt&dir=desc";
    expect(backOf(new URLSearchParams({ back: grid }))).toBe(grid);
    expect(singleResendBack(grid, 12)).toBe(grid);
    expect(backTarget("transaction", grid)).toBe(grid);
    expect(documentBack("/transactions/12?tab=details")).toBe("/transactions/12?tab=details");
    expect(previewBackLink("/transactions/services/12?tab=reports", 5)).toBe("/transactions/services/12?tab=reports");
  });
});
