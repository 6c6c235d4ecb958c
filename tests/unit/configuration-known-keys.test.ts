import { describe, expect, it } from "vitest";
import { REQUIRED_ROLES_KEY } from "~/auth/require-page.server";
import { ANALYTICS_KEYS } from "~/integrations/analytics.server";
import { KNOWN_KEYS, knownKeyProblem, MAPS_TIME_ZONE_URL } from "~/modules/configurations/known-keys";
import { FEEDBACK_TOPICS_KEY } from "~/modules/feedback/feedback-topics.server";
import { SUPPORT_CONTACT_KEY } from "~/modules/home/home-data.server";
import { QUOTE_FILTER_OPTIONS_KEY } from "~/modules/quotes/filter-options.server";
import { ACCESS_TO_QUOTE_KEY, QUOTE_GRID_SETTING } from "~/modules/quotes/quote-access";
import { ALLOWED_FOR_RESEND_INVOICE, ALLOWED_FOR_RESEND_RESULTS } from "~/modules/resend/single-resend-rules";
import { QUOTE_DETAILS_PAGE_BUTTON, QUOTE_ITEMS_IN_SUMMARY } from "~/modules/transaction-detail/detail-page.server";
import { PROVIDER_SCAN_STATUS_OPTIONS_KEY, TRANSACTION_FILTER_OPTIONS_KEY } from "~/modules/transactions/filter-options.server";
import { ALL_USER_ROLES_KEY } from "~/modules/user-roles/role-options.server";
import { configurationEntries } from "../../seed/entities/configurations";

/** The keys the portal reads: each is known with its type and shape, the demo entries fit, others are refused with the key's message. */
describe("known configuration keys", () => {
  it("list every key the code reads", () => {
    const read = [
      REQUIRED_ROLES_KEY,
      ANALYTICS_KEYS.scriptUrl,
      ANALYTICS_KEYS.key,
      FEEDBACK_TOPICS_KEY,
      SUPPORT_CONTACT_KEY,
      QUOTE_FILTER_OPTIONS_KEY,
      ACCESS_TO_QUOTE_KEY,
      QUOTE_GRID_SETTING,
      ALLOWED_FOR_RESEND_RESULTS,
      ALLOWED_FOR_RESEND_INVOICE,
      QUOTE_DETAILS_PAGE_BUTTON,
      QUOTE_ITEMS_IN_SUMMARY,
      PROVIDER_SCAN_STATUS_OPTIONS_KEY,
      TRANSACTION_FILTER_OPTIONS_KEY,
      ALL_USER_ROLES_KEY,
      MAPS_TIME_ZONE_URL,
    ];
    for (const key of read) expect(KNOWN_KEYS[key], key).toBeDefined();
  });

  it("accept every demo entry of a known key", () => {
    const entries = configurationEntries([]).filter((entry) => KNOWN_KEYS[entry.key]);
    expect(entries.length).toBeGreaterThanOrEqual(12);
    for (const entry of entries) expect(knownKeyProblem(entry.key, entry.type, entry.value), entry.key).toBeNull();
  });

  it("refuse another type or shape with the key's message, and leave unknown keys alone", () => {
    const rolesMessage = "REQUIRED_ROLES_FOR_PAGES must be a JSON list of { pageName, requiredRoles: [role, ...] }";
    expect(knownKeyProblem("REQUIRED_ROLES_FOR_PAGES", "JSON", JSON.stringify({ pageName: "admin" }))).toBe(rolesMessage);
    expect(knownKeyProblem("REQUIRED_ROLES_FOR_PAGES", "JSON", JSON.stringify([{ pageName: "admin", requiredRoles: "DIP_ADMIN" }]))).toBe(rolesMessage);
    expect(knownKeyProblem("REQUIRED_ROLES_FOR_PAGES", "TEXT", "[]")).toBe(rolesMessage);
    expect(knownKeyProblem("REQUIRED_ROLES_FOR_PAGES", "JSON", JSON.stringify([{ pageName: "admin", requiredRoles: ["DIP_ADMIN"] }]))).toBeNull();
    expect(knownKeyProblem("ACCESS_TO_QUOTE", "JSON", JSON.stringify({ roles: ["DIP_ADMIN"], providerIds: ["1001"] }))).toMatch(/^ACCESS_TO_QUOTE must be/);
    expect(knownKeyProblem("ALLOWED_FOR_RESEND_RESULTS", "JSON", JSON.stringify({ Scan: "yes" }))).toMatch(/^ALLOWED_FOR_RESEND_RESULTS must be/);
    expect(knownKeyProblem("quoteGrid", "TEXT", "maybe")).toBe("quoteGrid must be TEXT: true or false");
    expect(knownKeyProblem("ANALYTICS_KEY", "ENCRYPT", "abc")).toBe("ANALYTICS_KEY must be TEXT");
    expect(knownKeyProblem("SOMETHING_ELSE", "JSON", "42")).toBeNull();
    expect(knownKeyProblem(MAPS_TIME_ZONE_URL, "TEXT", "ftp://maps.example/{key}")).toMatch(/^MAPS_TIME_ZONE_URL must be TEXT: an http or https address/);
    expect(knownKeyProblem(MAPS_TIME_ZONE_URL, "TEXT", "https://maps.example/timezone?key={key}")).toBeNull();
  });
});
