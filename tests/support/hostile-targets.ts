/**
 * Hostile return targets (`returnTo`, `back`): each must give the fallback, never a path another
 * origin could serve. Shared by the unit test of the rule and the HTTP tests of its users.
 */
export const HOSTILE_TARGETS: readonly string[] = [
  // Dot segments normalised into a protocol-relative URL (the review's findings).
  "/.//evil.com",
  "/..//evil.com",
  "/%2e//evil.com",
  "/%2E%2E//evil.com",
  "/transactions/..///evil.com",
  "/transactions/%2e%2e///evil.com",
  "/./\\evil.com",
  "/a/../\\evil.com",
  // Scheme-relative and absolute.
  "//evil.com",
  "///evil.com",
  "https://evil.com",
  "http://evil.com/path",
  "HTTPS://evil.com",
  "http:evil.com",
  "http:%2F%2Fevil.com",
  // Backslashes, which browsers read as slashes.
  "/\\evil.com",
  "\\/evil.com",
  "\\\\evil.com",
  "/\\/evil.com",
  "/transactions\\..\\..\\evil.com",
  // Tabs, newlines and other control characters, which browsers drop or split headers on.
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r\n/evil.com",
  "\t//evil.com",
  "/transactions\r\nLocation: https://evil.com",
  "/transactions\u0000",
  " //evil.com",
  // Encoded and double-encoded forms.
  "%2F%2Fevil.com",
  "/%2F/evil.com",
  "/%2F%2Fevil.com",
  "/%2f%2fevil.com",
  "%252F%252Fevil.com",
  "/%252F%252Fevil.com",
  "/%25252F%25252Fevil.com",
  "/%5Cevil.com",
  "/%5c%5cevil.com",
  "/%2e%2e%2f%2fevil.com",
  "/%09/evil.com",
  "/%0D%0ALocation:%20https://evil.com",
  "%0D%0ALocation:%20https://evil.com",
  "/%E0%A4%A",
  // Schemes that run or embed content.
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,hi",
  "vbscript:msgbox(1)",
  // Not a path at all, or too long to be one of the portal's.
  "",
  "transactions",
  "?returnTo=//evil.com",
  "#//evil.com",
  `/transactions?${"a".repeat(3000)}`,
  `/${"/".repeat(5000)}evil.com`,
];
