import { describe, expect, it } from "vitest";
import { isProviderOnly } from "~/auth/authorization";
import { canAccessPage, parseRequiredRolesForPages } from "~/auth/page-access";

const entry = parseRequiredRolesForPages(
  JSON.stringify([
    { pageName: "transactions", requiredRoles: ["DIP_PROVIDER", "DIP_POWER", "DIP_ADMIN", "CCC_Admin"] },
    { pageName: "admin", requiredRoles: ["DIP_POWER", "DIP_ADMIN", "CCC_Admin"] },
    { pageName: "userroles", requiredRoles: ["DIP_POWER", "DIP_ADMIN", "CCC_Admin"] },
    { pageName: "devtools", requiredRoles: ["DIP_ADMIN"] },
  ]),
);

describe("page access", () => {
  it("parses the configured entry and refuses malformed ones", () => {
    expect(entry).toHaveLength(4);
    expect(parseRequiredRolesForPages(null)).toBeNull();
    expect(parseRequiredRolesForPages("not json")).toBeNull();
    expect(parseRequiredRolesForPages(JSON.stringify({ pageName: "x" }))).toBeNull();
    expect(parseRequiredRolesForPages(JSON.stringify([{ pageName: "x", requiredRoles: "DIP_ADMIN" }]))).toBeNull();
  });

  it("needs one of a listed page's roles", () => {
    expect(canAccessPage("transactions", ["DIP_PORTAL", "DIP_PROVIDER"], entry)).toBe(true);
    expect(canAccessPage("transactions", ["DIP_PORTAL"], entry)).toBe(false);
    expect(canAccessPage("devtools", ["DIP_PORTAL", "DIP_POWER"], entry)).toBe(false);
    expect(canAccessPage("devtools", ["DIP_PORTAL", "DIP_ADMIN"], entry)).toBe(true);
  });

  it("leaves unlisted pages open and callback, main and login always open", () => {
    expect(canAccessPage("home", ["DIP_PORTAL"], entry)).toBe(true);
    for (const page of ["callback", "main", "login"]) expect(canAccessPage(page, [], entry)).toBe(true);
  });

  it("allows only home, main, login and the 404 page without a usable entry", () => {
    expect(canAccessPage("home", ["DIP_ADMIN"], null)).toBe(true);
    expect(canAccessPage("Error404", ["DIP_ADMIN"], null)).toBe(true);
    expect(canAccessPage("transactions", ["DIP_ADMIN"], null)).toBe(false);
    expect(canAccessPage("myAccount", ["DIP_ADMIN"], null)).toBe(false);
  });

  it("bars DIP_PROVIDER from the administration pages", () => {
    expect(canAccessPage("admin", ["DIP_PROVIDER", "DIP_ADMIN"], entry)).toBe(false);
    expect(canAccessPage("userroles", ["DIP_PROVIDER", "DIP_POWER"], entry)).toBe(false);
    expect(canAccessPage("admin", ["DIP_ADMIN"], entry)).toBe(true);
  });

  it("keeps the Activity screen to DIP_POWER and DIP_ADMIN while the entry does not list it, and never opens it to a provider user", () => {
    expect(entry?.some((page) => page.pageName === "activity")).toBe(false);
    expect(canAccessPage("activity", ["DIP_PORTAL", "DIP_POWER"], entry)).toBe(true);
    expect(canAccessPage("activity", ["DIP_PORTAL", "DIP_ADMIN"], entry)).toBe(true);
    expect(canAccessPage("activity", ["DIP_PORTAL", "CCC_Admin"], entry)).toBe(false);
    expect(canAccessPage("activity", ["DIP_PORTAL"], entry)).toBe(false);
    const listed = parseRequiredRolesForPages(JSON.stringify([{ pageName: "activity", requiredRoles: ["DIP_PROVIDER", "DIP_POWER"] }]));
    expect(canAccessPage("activity", ["DIP_PORTAL", "DIP_PROVIDER"], listed)).toBe(false);
    expect(canAccessPage("activity", ["DIP_PORTAL", "DIP_PROVIDER", "DIP_POWER"], listed)).toBe(false);
    expect(canAccessPage("activity", ["DIP_PORTAL", "DIP_POWER"], listed)).toBe(true);
  });

  it("knows who is provider-only", () => {
    expect(isProviderOnly(["DIP_PORTAL", "DIP_PROVIDER"])).toBe(true);
    expect(isProviderOnly(["DIP_PROVIDER", "DIP_POWER"])).toBe(false);
    expect(isProviderOnly(["DIP_PROVIDER", "DIP_ADMIN"])).toBe(false);
    expect(isProviderOnly(["DIP_PORTAL"])).toBe(false);
  });
});
