import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PORTAL_ROLES, REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import { entryChangeProblem, grantableRoles, permissionNames, permissionsHeld, roleChangeProblem } from "~/auth/grant-rules";
import type { RequiredRolesForPages } from "~/auth/page-access";

const demoEntry: RequiredRolesForPages = REQUIRED_ROLES_FOR_PAGES.map((page) => ({ pageName: page.pageName, requiredRoles: [...page.requiredRoles] }));
const power = ["DIP_PORTAL", "DIP_POWER"];
const admin = ["DIP_PORTAL", "DIP_ADMIN"];

const roleSet = fc.subarray([...PORTAL_ROLES, "LEGACY_ROLE"]);
const pageNames = [
  "transactions",
  "admin",
  "userroles",
  "devtools",
  "configuration",
  "changingRoleData",
  "addingNewProvider",
  "assigningApplicationRoles",
  "applications",
  "newPage",
];
const entry: fc.Arbitrary<RequiredRolesForPages | null> = fc.option(
  fc.uniqueArray(fc.record({ pageName: fc.constantFrom(...pageNames), requiredRoles: roleSet }), { selector: (page) => page.pageName }),
  { nil: null, freq: 6 },
);

function gained(before: Set<string>, after: Set<string>): string[] {
  return [...after].filter((name) => !before.has(name));
}

describe("who may give which role", () => {
  it("lets power give the roles it holds the pages of, and not DIP_ADMIN or CCC_Admin", () => {
    expect(grantableRoles(power, PORTAL_ROLES, demoEntry)).toEqual(["DIP_PORTAL", "DIP_PROVIDER", "DIP_POWER"]);
    expect(roleChangeProblem(power, ["DIP_PORTAL"], ["DIP_PORTAL", "DIP_ADMIN"], demoEntry)).toBe(
      "DIP_ADMIN can be given only by a user with changingRoleData.",
    );
    expect(roleChangeProblem(power, ["DIP_PORTAL", "CCC_Admin"], ["DIP_PORTAL"], demoEntry)).toBe(
      "CCC_Admin can be taken away only by a user with changingRoleData.",
    );
  });

  it("lets admin give every role whose pages it holds, and not one that opens a page it lacks", () => {
    expect(grantableRoles(admin, PORTAL_ROLES, demoEntry)).toEqual([...PORTAL_ROLES]);
    const devtoolsForPower = demoEntry.map((page) => (page.pageName === "devtools" ? { ...page, requiredRoles: ["DIP_POWER"] } : page));
    const cccAdmin = ["DIP_PORTAL", "CCC_Admin"];
    expect(roleChangeProblem(cccAdmin, ["DIP_PORTAL"], ["DIP_PORTAL", "DIP_POWER"], devtoolsForPower)).toBe(
      "You cannot give DIP_POWER: it opens activity, assigningApplicationRoles and devtools, which you do not hold.",
    );
  });

  it("never leaves a user holding a permission they lacked unless the actor holds it (generated)", () => {
    fc.assert(
      fc.property(roleSet, roleSet, roleSet, entry, (actor, before, after, current) => {
        const names = permissionNames(current);
        const problem = roleChangeProblem(actor, before, after, current);
        const beyond = gained(permissionsHeld(before, current, names), permissionsHeld(after, current, names)).filter(
          (name) => !permissionsHeld(actor, current, names).has(name),
        );
        if (problem === null) expect(beyond).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("changes to REQUIRED_ROLES_FOR_PAGES", () => {
  it("refuses power adding itself to devtools, naming the page", () => {
    const widened = demoEntry.map((page) =>
      page.pageName === "devtools" || page.pageName === "changingRoleData" ? { ...page, requiredRoles: [...page.requiredRoles, "DIP_POWER"] } : page,
    );
    expect(entryChangeProblem(power, demoEntry, widened)).toBe(
      "This change would open changingRoleData to DIP_POWER and devtools to DIP_POWER, which you do not hold. Nothing was saved.",
    );
  });

  it("refuses dropping a page's line (an unlisted page is open to every user) when the saver lacks it", () => {
    const dropped = demoEntry.filter((page) => page.pageName !== "devtools");
    expect(entryChangeProblem(power, demoEntry, dropped)).toBe("This change would open devtools to every user, which you do not hold. Nothing was saved.");
    expect(entryChangeProblem(admin, demoEntry, dropped)).toBeNull();
  });

  it("accepts narrowing and changes within what the saver holds", () => {
    const narrowed = demoEntry.map((page) => (page.pageName === "transactions" ? { ...page, requiredRoles: ["DIP_ADMIN"] } : page));
    expect(entryChangeProblem(power, demoEntry, narrowed)).toBeNull();
    expect(entryChangeProblem(power, demoEntry, null)).toBeNull();
  });

  it("never gives anyone a permission the saver lacks (generated)", () => {
    fc.assert(
      fc.property(roleSet, entry, entry, roleSet, (actor, before, after, someone) => {
        if (entryChangeProblem(actor, before, after) !== null) return;
        const names = permissionNames(before, after);
        const actorHeld = permissionsHeld(actor, before, names);
        const beyond = gained(permissionsHeld(someone, before, names), permissionsHeld(someone, after, names)).filter((name) => !actorHeld.has(name));
        expect(beyond).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
