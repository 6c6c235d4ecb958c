import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { PORTAL_ROLES } from "~/auth/demo-access";
import { permissionNames, permissionsHeld } from "~/auth/grant-rules";
import { parseRequiredRolesForPages, type RequiredRolesForPages } from "~/auth/page-access";
import type { UserClaims } from "~/auth/user-claims";
import type { Row } from "~/db/types";
import { parseRoleList } from "~/lib/role-list";
import { action as applicationsBulkAction, loader as applicationsBulkLoader } from "~/routes/_shell.admin.applications_.assign";
import { action as configurationAction } from "~/routes/_shell.admin.configuration";
import { action as newConfigurationAction, loader as newConfigurationLoader } from "~/routes/_shell.admin.configuration_.new";
import { action as userRolesAction } from "~/routes/_shell.admin.userroles";
import { action as userRolesBulkAction, loader as userRolesBulkLoader } from "~/routes/_shell.admin.userroles_.assign";
import { loader as devtoolsLoader } from "~/routes/_shell.devtools";
import { answered, type ActionAnswer } from "../support/action-answer";
import { testDialects } from "../support/databases";
import { demoUsers } from "../support/demo-claims";
import { loaderData } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, formRequest, loaderArgs, pageRequest, signedInCookie } from "../support/signed-in-request";
import { thrownStatus } from "../support/thrown-status";

/**
 * The standing proof of "nobody grants what they do not hold" (issue 24, decision 0060), on SQLite
 * and PostgreSQL: for each demo role (and a CCC_Admin, who holds changingRoleData but not devtools),
 * generated writes from the authorization table (a user's roles, both bulk assignments,
 * REQUIRED_ROLES_FOR_PAGES and ALL_USER_ROLES saved, added and deleted) that try to widen the
 * actor's own permissions or grant beyond them; after each, no user holds a permission they did not
 * hold before unless the actor held it too. Each write starts from the seeded state.
 */
const ACTORS = ["admin", "power", "provider", "portal", "cccadmin"] as const;
type Actor = (typeof ACTORS)[number];
const CCC_ADMIN_LOGIN = "cccadmin";
const PAGES_KEY = "REQUIRED_ROLES_FOR_PAGES";
const ROLES_KEY = "ALL_USER_ROLES";
const CONFIGURATION = "/admin/configuration";
const RUNS = 80;

type Write =
  | { kind: "saveRoles"; target: number; roles: string[] }
  | { kind: "bulkUserRoles"; targets: number[]; roles: string[] }
  | { kind: "bulkApplications"; apps: number[]; roles: string[] }
  | { kind: "savePages"; grants: { page: string; roles: string[] }[]; dropped: string[]; active: boolean }
  | { kind: "addPages"; grants: { page: string; roles: string[] }[]; groupValue: string }
  | { kind: "deletePages" }
  | { kind: "saveAllUserRoles"; extra: string };

const roles = fc.subarray([...PORTAL_ROLES]);
const pageName = fc.constantFrom(
  "devtools",
  "changingRoleData",
  "addingNewProvider",
  "assigningApplicationRoles",
  "userroles",
  "configuration",
  "transactions",
  "scanResults",
);
const grants = fc.array(fc.record({ page: pageName, roles: fc.subarray([...PORTAL_ROLES], { minLength: 1 }) }), { minLength: 1, maxLength: 4 });
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant("saveRoles" as const), target: fc.nat(7), roles }),
  fc.record({ kind: fc.constant("bulkUserRoles" as const), targets: fc.uniqueArray(fc.nat(7), { minLength: 1, maxLength: 4 }), roles }),
  fc.record({ kind: fc.constant("bulkApplications" as const), apps: fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 3 }), roles }),
  fc.record({
    kind: fc.constant("savePages" as const),
    grants,
    dropped: fc.subarray(["devtools", "changingRoleData", "userroles", "scanResults"]),
    active: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("addPages" as const), grants, groupValue: fc.constantFrom("", "override") }),
  fc.constant({ kind: "deletePages" as const }),
  fc.record({ kind: fc.constant("saveAllUserRoles" as const), extra: fc.constantFrom("DIP_SUPER", "CCC_Admin") }),
);

type UserRow = Pick<Row<"users">, "id" | "login" | "dloedrprole" | "status" | "lastUpdated">;

describe.each(testDialects)("nobody raises their own power on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 60, signedIn: demoUsers("admin", "power", "provider", "portal"), timeZone: "UTC" });
  const cookieOf: Record<string, string> = {};
  /** A one-time token of the Add Configuration page for this actor ("none" when the page is not theirs: the action refuses them first). */
  const addConfigurationToken = async (actor: string) => {
    try {
      return (loaderData(await newConfigurationLoader(loaderArgs(pageRequest(`${CONFIGURATION}/new`, cookieOf[actor])))) as { token: string }).token;
    } catch {
      return "none";
    }
  };
  let seededUsers: UserRow[] = [];
  let seededEntries: Row<"configurations">[] = [];
  /** The users writes aim at: the actors themselves first, then directory users. */
  let targets: string[] = [];
  let applications: string[] = [];

  beforeAll(async () => {
    const admin = await db().selectFrom("users").selectAll().where("login", "=", "admin").executeTakeFirstOrThrow();
    const cccAdmin: UserClaims = {
      id: "00ucccadmin000000001",
      login: CCC_ADMIN_LOGIN,
      firstName: "Casey",
      lastName: "Ccc",
      email: null,
      roles: ["DIP_PORTAL", "CCC_Admin"],
      companyId: null,
    };
    await db()
      .insertInto("users")
      .values({ ...admin, id: cccAdmin.id, login: cccAdmin.login, dloedrprole: JSON.stringify(cccAdmin.roles) })
      .execute();
    Object.assign(cookieOf, cookies, { cccadmin: await signedInCookie(cccAdmin) });
    seededUsers = await db().selectFrom("users").select(["id", "login", "dloedrprole", "status", "lastUpdated"]).execute();
    seededEntries = await db().selectFrom("configurations").selectAll().where("configKey", "in", [PAGES_KEY, ROLES_KEY]).execute();
    const actorIds = seededUsers.filter((user) => (ACTORS as readonly string[]).includes(user.login)).map((user) => user.id);
    const others = seededUsers.filter(
      (user) => user.status === "ACTIVE" && parseRoleList(user.dloedrprole).includes("DIP_PORTAL") && !actorIds.includes(user.id),
    );
    targets = [...actorIds, ...others.slice(0, 3).map((user) => user.id)];
    const portalLogins = new Set([...others.map((user) => user.login), ...others.map((user) => user.id)]);
    applications = (await db().selectFrom("applications").select(["id", "userId"]).orderBy("id").execute())
      .filter((application) => portalLogins.has(application.userId ?? ""))
      .slice(0, 6)
      .map((application) => application.id);
    expect(actorIds).toHaveLength(ACTORS.length);
    expect(targets).toHaveLength(8);
    expect(applications).toHaveLength(6);
  }, 60_000);

  /** Back to the seeded users' roles and access entries. */
  async function reset(): Promise<void> {
    const now = await db().selectFrom("users").select(["id", "dloedrprole", "lastUpdated"]).execute();
    for (const user of seededUsers) {
      const current = now.find((row) => row.id === user.id);
      if (current && (current.dloedrprole !== user.dloedrprole || current.lastUpdated !== user.lastUpdated)) {
        await db().updateTable("users").set({ dloedrprole: user.dloedrprole, lastUpdated: user.lastUpdated }).where("id", "=", user.id).execute();
      }
    }
    await db().deleteFrom("configurations").where("configKey", "in", [PAGES_KEY, ROLES_KEY]).execute();
    await db().insertInto("configurations").values(seededEntries).execute();
  }

  async function effectiveEntry(): Promise<RequiredRolesForPages | null> {
    const row = await db()
      .selectFrom("configurations")
      .select(["configValue", "configGroupValue"])
      .where("configKey", "=", PAGES_KEY)
      .where("isActive", "=", 1)
      .execute();
    return parseRequiredRolesForPages(row.find((entry) => (entry.configGroupValue ?? "") === "")?.configValue ?? null);
  }

  /** Every user's roles and the entry in force. */
  async function snapshot() {
    const users = await db().selectFrom("users").select(["id", "login", "dloedrprole"]).execute();
    return {
      entry: await effectiveEntry(),
      roles: new Map(users.map((user) => [user.id, parseRoleList(user.dloedrprole)])),
      logins: new Map(users.map((user) => [user.login, user.id])),
    };
  }

  const entryRow = (key: string) => db().selectFrom("configurations").selectAll().where("configKey", "=", key).orderBy("configId").executeTakeFirstOrThrow();
  const version = async (userId: string) =>
    (await db().selectFrom("users").select("lastUpdated").where("id", "=", userId).executeTakeFirstOrThrow()).lastUpdated;
  const roleFields = (chosen: readonly string[]) => chosen.map((role): [string, string] => ["roles", role]);

  async function bulkToken(loader: typeof userRolesBulkLoader, path: string, actor: Actor, ids: readonly string[]): Promise<string | null> {
    const query = new URLSearchParams(ids.map((id) => ["ids", id]));
    let page: unknown;
    try {
      page = loaderData(await loader(loaderArgs(pageRequest(`${path}?${query}`, cookieOf[actor]))));
    } catch (thrown) {
      if (thrown instanceof Response && thrown.status === 404) return null;
      throw thrown;
    }
    const form = page as { kind: string; token?: string | null };
    return form.kind === "form" ? (form.token ?? null) : null;
  }

  function pagesValue(current: RequiredRolesForPages | null, change: { grants: { page: string; roles: string[] }[]; dropped?: string[] }): string {
    const pages = (current ?? [])
      .filter((page) => !(change.dropped ?? []).includes(page.pageName))
      .map((page) => ({ ...page, requiredRoles: [...page.requiredRoles] }));
    for (const grant of change.grants) {
      const page = pages.find((candidate) => candidate.pageName === grant.page);
      if (page) page.requiredRoles = [...new Set([...page.requiredRoles, ...grant.roles])];
      else pages.push({ pageName: grant.page, requiredRoles: grant.roles });
    }
    return JSON.stringify(pages);
  }

  async function saveEntry(actor: Actor, key: string, value: string, active = true): Promise<ActionAnswer> {
    const row = await entryRow(key);
    const fields: [string, string][] = [
      ["intent", "saveConfiguration"],
      ["row", String(row.configId)],
      ["returnTo", CONFIGURATION],
      ["configId", String(row.configId)],
      ["version", row.updatedDateTime],
      ["configKey", row.configKey],
      ["configValueType", row.configValueType],
      ["configValue", value],
      ...(active ? [["isActive", "on"] as [string, string]] : []),
    ];
    return answered(() => configurationAction(actionArgs(formRequest(CONFIGURATION, cookieOf[actor], fields))));
  }

  async function perform(actor: Actor, change: Write): Promise<ActionAnswer | null> {
    switch (change.kind) {
      case "saveRoles": {
        const target = targets[change.target];
        const fields: [string, string][] = [
          ["intent", "saveRoles"],
          ["row", target],
          ["returnTo", "/admin/userroles"],
          ["version", await version(target)],
          ...roleFields(change.roles),
        ];
        return answered(() => userRolesAction(actionArgs(formRequest("/admin/userroles", cookieOf[actor], fields))));
      }
      case "bulkUserRoles": {
        const ids = change.targets.map((index) => targets[index]);
        const token = await bulkToken(userRolesBulkLoader, "/admin/userroles/assign", actor, ids);
        if (!token) return null;
        const fields: [string, string][] = [
          ...ids.map((id): [string, string] => ["ids", id]),
          ["token", token],
          ["back", "/admin/userroles"],
          ...roleFields(change.roles),
        ];
        return answered(() => userRolesBulkAction(actionArgs(formRequest("/admin/userroles/assign", cookieOf[actor], fields))));
      }
      case "bulkApplications": {
        const ids = change.apps.map((index) => applications[index]);
        const token = await bulkToken(applicationsBulkLoader, "/admin/applications/assign", actor, ids);
        if (!token) return null;
        const fields: [string, string][] = [
          ...ids.map((id): [string, string] => ["ids", id]),
          ["token", token],
          ["back", "/admin/applications"],
          ...roleFields(change.roles),
        ];
        return answered(() => applicationsBulkAction(actionArgs(formRequest("/admin/applications/assign", cookieOf[actor], fields))));
      }
      case "savePages":
        return saveEntry(actor, PAGES_KEY, pagesValue(await effectiveEntry(), change), change.active);
      case "addPages": {
        // Another entry of the key: without a group value a duplicate, with one not the entry in force.
        const value = pagesValue(await effectiveEntry(), change);
        const fields: [string, string][] = [
          ["returnTo", CONFIGURATION],
          ["token", await addConfigurationToken(actor)],
          ["configKey", PAGES_KEY],
          ["configValueType", "JSON"],
          ["configValue", value],
          ["configGroupValue", change.groupValue],
          ["isActive", "on"],
        ];
        return answered(() => newConfigurationAction(actionArgs(formRequest(`${CONFIGURATION}/new`, cookieOf[actor], fields))));
      }
      case "deletePages": {
        const row = await entryRow(PAGES_KEY);
        const fields: [string, string][] = [
          ["intent", "deleteConfigurations"],
          ["returnTo", CONFIGURATION],
          ["confirmed", "yes"],
          ["ids", String(row.configId)],
        ];
        return answered(() => configurationAction(actionArgs(formRequest(CONFIGURATION, cookieOf[actor], fields))));
      }
      case "saveAllUserRoles": {
        const row = await entryRow(ROLES_KEY);
        const labels = JSON.parse(row.configValue ?? "[]") as { code: string; label: string }[];
        return saveEntry(
          actor,
          ROLES_KEY,
          JSON.stringify([...labels.filter((label) => label.code !== change.extra), { code: change.extra, label: change.extra }]),
        );
      }
    }
  }

  it("holds for generated writes by every demo role: no one gains a permission the actor lacks", async () => {
    const outcomes = { written: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ACTORS), write, async (actor, change) => {
        await reset();
        const before = await snapshot();
        const answer = await perform(actor, change);
        const after = await snapshot();
        expect(answer?.status ?? 404).toBeLessThan(500);

        const actorId = before.logins.get(actor) ?? "";
        const names = permissionNames(before.entry, after.entry);
        const actorHeld = permissionsHeld(before.roles.get(actorId) ?? [], before.entry, names);
        let changed = false;
        for (const [userId, rolesBefore] of before.roles) {
          const held = permissionsHeld(rolesBefore, before.entry, names);
          const now = permissionsHeld(after.roles.get(userId) ?? [], after.entry, names);
          const beyond = [...now].filter((name) => !held.has(name) && !actorHeld.has(name));
          expect(beyond, `${actor} ${JSON.stringify(change)} gave ${userId} ${beyond.join(", ")}`).toEqual([]);
          if (JSON.stringify(rolesBefore) !== JSON.stringify(after.roles.get(userId))) changed = true;
        }
        if (changed || JSON.stringify(before.entry) !== JSON.stringify(after.entry)) outcomes.written += 1;
        else outcomes.refused += 1;
      }),
      { numRuns: RUNS },
    );
    // Both sides were met: writes that took effect and writes that were refused.
    expect(outcomes.written).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 180_000);

  it("power cannot open devtools for itself by saving REQUIRED_ROLES_FOR_PAGES", async () => {
    await reset();
    const current = await effectiveEntry();
    const widened = pagesValue(current, { grants: ["devtools", "addingNewProvider", "changingRoleData"].map((page) => ({ page, roles: ["DIP_POWER"] })) });
    const answer = await saveEntry("power", PAGES_KEY, widened);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(
      "REQUIRED_ROLES_FOR_PAGES decides who may do what: changing it needs the changingRoleData permission. Nothing was saved.",
    );
    expect(await effectiveEntry()).toEqual(current);
    expect(await thrownStatus(() => devtoolsLoader(loaderArgs(pageRequest("/devtools", cookieOf.power))))).toBe(404);
  });

  it("a CCC_Admin with changingRoleData cannot open devtools, which it lacks, to itself; it can narrow pages", async () => {
    await reset();
    const current = await effectiveEntry();
    const refused = await saveEntry("cccadmin", PAGES_KEY, pagesValue(current, { grants: [{ page: "devtools", roles: ["CCC_Admin"] }] }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("This change would open devtools to CCC_Admin, which you do not hold. Nothing was saved.");
    expect(await thrownStatus(() => devtoolsLoader(loaderArgs(pageRequest("/devtools", cookieOf.cccadmin))))).toBe(404);

    const narrowed = (current ?? []).map((page) => (page.pageName === "scanResults" ? { ...page, requiredRoles: ["DIP_ADMIN", "CCC_Admin"] } : page));
    const saved = await saveEntry("cccadmin", PAGES_KEY, JSON.stringify(narrowed));
    expect(saved.popUp).toEqual({ title: "Success", message: "Successfully save the configuration." });
    expect(await effectiveEntry()).toEqual(narrowed);
  });

  it("power's Applications assignment of DIP_ADMIN changes nobody and says so per user", async () => {
    await reset();
    const before = await snapshot();
    const ids = applications.slice(0, 3);
    const token = await bulkToken(applicationsBulkLoader, "/admin/applications/assign", "power", ids);
    if (!token) throw new Error("power has no Applications bulk form");
    const answer = await answered(() =>
      applicationsBulkAction(
        actionArgs(
          formRequest("/admin/applications/assign", cookieOf.power, [
            ...ids.map((id): [string, string] => ["ids", id]),
            ["token", token],
            ["back", "/admin/applications"],
            ["roles", "DIP_ADMIN"],
          ]),
        ),
      ),
    );
    expect(answer.popUp?.title).toBe("Bulk Role Assignment result");
    expect(answer.popUp?.message).toMatch(/^SUCCESS: 0, FAIL: \d+$/);
    const refusals = (answer.popUp?.lines ?? []).filter((line) => line.endsWith("(DIP_ADMIN can be given only by a user with changingRoleData.)"));
    expect(refusals.length).toBeGreaterThan(0);
    expect((await snapshot()).roles).toEqual(before.roles);
  });
});
