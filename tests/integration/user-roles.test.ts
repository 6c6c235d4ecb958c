import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "~/auth/demo-access";
import type { UserClaims } from "~/auth/user-claims";
import { GRID_ACTION_MESSAGES } from "~/grid/grid-actions.server";
import type { GridView } from "~/grid/grid-view";
import { parseRoleList } from "~/lib/role-list";
import { assignRoles } from "~/modules/user-roles/assign-roles.server";
import { BULK_FIELDS, type BulkAssignmentPageData } from "~/modules/user-roles/bulk-assignment";
import { ROLE_MESSAGES } from "~/modules/user-roles/role-rules";
import type { UserRoleDetail } from "~/modules/user-roles/user-detail";
import { loader as adminIndexLoader } from "~/routes/_shell.admin._index";
import { action as applicationsBulkAction, loader as applicationsBulkLoader } from "~/routes/_shell.admin.applications_.assign";
import { action as gridAction, loader as gridLoader } from "~/routes/_shell.admin.userroles";
import { action as bulkAction, loader as bulkLoader } from "~/routes/_shell.admin.userroles_.assign";
import { loader as csvLoader } from "~/routes/admin.userroles[.]csv";
import { answerOf } from "../support/action-answer";
import { testDialects } from "../support/databases";
import { demoClaims } from "../support/demo-claims";
import { loaderData, openGridLoader, viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, formRequest, loaderArgs, pageRequest } from "../support/signed-in-request";
import { thrownStatus } from "../support/thrown-status";

/**
 * The User Roles screen and its writes (issue 12) on seeded demo data, on SQLite and PostgreSQL:
 * the directory by cursor, exact filters, the roles form (DIP_PORTAL kept first, stale versions,
 * the lock-out guard, unknown roles), permissions, the bulk assignment once per form, and roles
 * taking effect on the user's next request.
 */
const ADMIN = demoClaims("admin");
const POWER = demoClaims("power");
const PROVIDER = demoClaims("provider");
const PORTAL = demoClaims("portal");

type View = GridView<UserRoleDetail>;

describe.each(testDialects)("User Roles on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 200, signedIn: { admin: ADMIN, power: POWER, provider: PROVIDER, portal: PORTAL } });

  const view = (login: string, path: string) => viewGridLoader<View>(gridLoader, cookies[login], path);
  const rolesOf = async (id: string) =>
    parseRoleList((await db().selectFrom("users").select("dloedrprole").where("id", "=", id).executeTakeFirstOrThrow()).dloedrprole);
  const auditCount = async () =>
    Number(
      (
        await db()
          .selectFrom("auditLog")
          // Changes written: a refused write is an event of its own (decision 0087), asserted below where it matters.
          .where("outcome", "=", "done")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const detailOf = async (login: string, user: UserClaims) => {
    const page = await view(login, `/admin/userroles?userName=${user.login}&expanded=${user.id}`);
    if (!page.detail) throw new Error(`no detail for ${user.login}`);
    return { page, detail: page.detail };
  };
  const saveRoles = (login: string, userId: string, version: string, roles: string[], returnTo = "/admin/userroles") =>
    gridAction(
      actionArgs(
        formRequest("/admin/userroles", cookies[login], [
          ["intent", "saveRoles"],
          ["row", userId],
          ["returnTo", returnTo],
          ["version", version],
          ...roles.map((role): [string, string] => ["roles", role]),
        ]),
      ),
    );

  it("lists the active portal users newest update first, page by page with a cursor, forwards and back", async () => {
    const all = (await db().selectFrom("users").select(["id", "dloedrprole", "status", "lastUpdated"]).execute())
      .filter((user) => user.status === "ACTIVE" && parseRoleList(user.dloedrprole).includes("DIP_PORTAL"))
      .sort((a, b) => (a.lastUpdated === b.lastUpdated ? (a.id < b.id ? 1 : -1) : a.lastUpdated < b.lastUpdated ? 1 : -1))
      .map((user) => user.id);
    expect(all.length).toBeGreaterThan(40);

    const seen: string[] = [];
    const pages: View[] = [];
    let path = "/admin/userroles?size=20";
    for (let guard = 0; guard < 20; guard++) {
      const page = await view("admin", path);
      pages.push(page);
      expect(page.total).toBeNull();
      seen.push(...page.rows.map((row) => row.id));
      if (!page.cursor?.next) break;
      path = `/admin/userroles?size=20&cursor=${page.cursor.next}`;
    }
    expect(seen).toEqual(all);
    expect(pages[0].rows[0].cells).toMatchObject({ userName: expect.any(String), lastUpdated: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });

    // Back from the second page is the first again.
    const second = pages[1];
    expect(second.cursor?.previous).toBeDefined();
    const back = await view("admin", second.cursor?.previous ? `/admin/userroles?size=20&cursor=${second.cursor.previous}` : "/admin/userroles?size=20");
    expect(back.rows.map((row) => row.id)).toEqual(pages[0].rows.map((row) => row.id));

    // A tampered cursor is the first page, said beside the grid.
    const tampered = await openGridLoader<View>(gridLoader, cookies.admin, "/admin/userroles?cursor=eyJub3QiOiJ5b3VycyJ9");
    expect(tampered).toMatchObject({ status: 302, location: "/admin/userroles" });
    expect("correctedLines" in tampered && tampered.correctedLines.join(" ")).toContain("no longer matches the list");
  });

  it("exports every matching user in the visible columns, to those who may open the screen", async () => {
    const response = (await csvLoader(loaderArgs(pageRequest("/admin/userroles.csv?role=DIP_ADMIN&cols=userName,parent", cookies.power)))) as Response;
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe("User Name,Parent");
    const admins = (await db().selectFrom("users").select(["dloedrprole", "status"]).execute()).filter(
      (user) => user.status === "ACTIVE" && parseRoleList(user.dloedrprole).includes("DIP_ADMIN") && parseRoleList(user.dloedrprole).includes("DIP_PORTAL"),
    );
    expect(admins.length).toBeGreaterThan(0);
    expect(lines.length - 1).toBe(admins.length);
    expect(lines).toContain("admin,CCC Intelligent Solutions Inc. (99999999)");
    expect(await thrownStatus(() => csvLoader(loaderArgs(pageRequest("/admin/userroles.csv", cookies.provider))))).toBe(404);
  });

  it("shows the parent provider, and filters exactly, trimmed and ignoring case; by role too", async () => {
    const admin = await view("admin", "/admin/userroles?userName=%20ADMIN%20");
    expect(admin.rows.map((row) => row.cells.userName)).toEqual(["admin"]);
    expect(admin.rows[0].cells.parent).toBe("CCC Intelligent Solutions Inc. (99999999)");
    expect((await view("admin", "/admin/userroles?userName=admi")).rows).toEqual([]);
    const provider = await view("admin", "/admin/userroles?email=PROVIDER@demo.portal.example");
    expect(provider.rows[0].cells.parent).toMatch(/^.+ \(1001\)$/);

    const admins = await view("admin", "/admin/userroles?role=DIP_ADMIN&size=50");
    expect(admins.rows.length).toBeGreaterThan(1);
    for (const row of admins.rows) expect(await rolesOf(row.id)).toContain("DIP_ADMIN");
    expect(await openGridLoader<View>(gridLoader, cookies.admin, "/admin/userroles?role=ROOT")).toMatchObject({ status: 302 });
  });

  it("saves a user's roles with DIP_PORTAL kept and first, records the change in the History, and the user has them on their next request", async () => {
    expect(await thrownStatus(() => adminIndexLoader(loaderArgs(pageRequest("/admin", cookies.portal))))).toBe(404);
    const before = await auditCount();
    const { detail } = await detailOf("admin", PORTAL);
    expect(detail.roles).toEqual(["DIP_PORTAL"]);
    expect(detail.assignable.map((role) => role.code)).toContain("DIP_POWER");

    const saved = await answerOf(await saveRoles("admin", PORTAL.id, detail.version, ["CCC_Admin", "DIP_POWER"]));
    expect(saved.popUp).toMatchObject(ROLE_MESSAGES.saved);
    expect(await rolesOf(PORTAL.id)).toEqual(["DIP_PORTAL", "DIP_POWER", "CCC_Admin"]);
    expect(await auditCount()).toBe(before + 1);

    // The same session, the next request: the admin area is theirs now (DIP_POWER opens it).
    const redirect = await adminIndexLoader(loaderArgs(pageRequest("/admin", cookies.portal))).catch((thrown: unknown) => thrown);
    expect(redirect instanceof Response && redirect.headers.get("Location")).toBe("/admin/userroles");

    const after = (await detailOf("admin", PORTAL)).detail;
    expect(after.history[0]).toMatchObject({ actor: "admin", changes: [{ field: "Roles", before: "DIP_PORTAL", after: "DIP_PORTAL, DIP_POWER, CCC_Admin" }] });

    // Taken away again: on the next request the admin area is a 404 again.
    await answerOf(await saveRoles("admin", PORTAL.id, after.version, []));
    expect(await rolesOf(PORTAL.id)).toEqual(["DIP_PORTAL"]);
    expect(await thrownStatus(() => adminIndexLoader(loaderArgs(pageRequest("/admin", cookies.portal))))).toBe(404);
  });

  it("refuses a Save for an unknown user id or a user not in the listed directory with a message, and writes nothing", async () => {
    const at = new Date().toISOString();
    await db()
      .insertInto("users")
      .values([
        {
          id: "u-ur-inactive",
          login: "ur-inactive",
          firstName: null,
          lastName: null,
          email: null,
          ldapdn: null,
          dloedrprole: JSON.stringify(["DIP_PORTAL"]),
          status: "INACTIVE",
          companyId: null,
          passwordHash: null,
          created: at,
          lastUpdated: at,
        },
        {
          id: "u-ur-nonportal",
          login: "ur-nonportal",
          firstName: null,
          lastName: null,
          email: null,
          ldapdn: null,
          dloedrprole: JSON.stringify(["DIP_POWER"]),
          status: "ACTIVE",
          companyId: null,
          passwordHash: null,
          created: at,
          lastUpdated: at,
        },
      ])
      .execute();
    const before = { audits: await auditCount(), users: await db().selectFrom("users").select(["id", "dloedrprole", "lastUpdated"]).orderBy("id").execute() };

    // The route: a row the listed directory does not hold is refused before any role is looked at.
    for (const userId of ["no-such-user", "u-ur-inactive", "u-ur-nonportal"]) {
      const answer = await answerOf(await saveRoles("admin", userId, at, ["DIP_POWER"]));
      expect(answer.status, userId).toBe(400);
      expect(JSON.stringify(answer.body), userId).toContain(GRID_ACTION_MESSAGES.notInScope);
    }
    // The role change itself (the single Save's and the bulk assignment's): the user gone, or not an active portal user.
    const assign = (user: string) =>
      assignRoles({ actor: ADMIN, user, chosen: ["DIP_POWER"], assignable: ["DIP_PORTAL", "DIP_POWER"], version: at, now: new Date() }, "UTC");
    expect(await assign("no-such-user")).toEqual({ kind: "refused", login: null, reason: ROLE_MESSAGES.noUser });
    expect(await assign("u-ur-inactive")).toEqual({ kind: "refused", login: "ur-inactive", reason: ROLE_MESSAGES.notListed });
    expect(await assign("ur-nonportal")).toEqual({ kind: "refused", login: "ur-nonportal", reason: ROLE_MESSAGES.notListed });

    expect(await db().selectFrom("users").select(["id", "dloedrprole", "lastUpdated"]).orderBy("id").execute()).toEqual(before.users);
    expect(await auditCount()).toBe(before.audits);
  });

  it("refuses a stale form, naming who changed the user and when, and writes nothing", async () => {
    const { detail } = await detailOf("admin", POWER);
    await answerOf(await saveRoles("admin", POWER.id, detail.version, ["DIP_POWER", "CCC_Admin"]));
    const before = await auditCount();
    const stale = await answerOf(await saveRoles("admin", POWER.id, detail.version, ["DIP_POWER"]));
    expect(stale.status).toBe(302);
    expect(stale.popUp?.title).toBe("Error");
    expect(stale.popUp?.message).toMatch(/changed by admin at \d\d-[A-Z][a-z]{2}-\d{4} \d\d:\d\d:\d\d [AP]M/);
    expect(await rolesOf(POWER.id)).toEqual(["DIP_PORTAL", "DIP_POWER", "CCC_Admin"]);
    expect(await auditCount()).toBe(before);
    const fresh = (await detailOf("admin", POWER)).detail;
    await answerOf(await saveRoles("admin", POWER.id, fresh.version, ["DIP_POWER"]));
    expect(await rolesOf(POWER.id)).toEqual(["DIP_PORTAL", "DIP_POWER"]);
  });

  it("refuses forged roles, a missing version, the lock-out of oneself, and users without changingRoleData; nothing is written", async () => {
    const before = await auditCount();
    const { detail } = await detailOf("admin", PORTAL);
    const forged = await answerOf(await saveRoles("admin", PORTAL.id, detail.version, ["ROOT"]));
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.body)).toContain('\\"ROOT\\" is not a role that can be assigned.');
    expect((await answerOf(await saveRoles("admin", PORTAL.id, "", ["DIP_POWER"]))).status).toBe(400);

    const self = (await detailOf("admin", ADMIN)).detail;
    const lockout = await answerOf(await saveRoles("admin", ADMIN.id, self.version, ["DIP_POWER"]));
    expect(lockout.status).toBe(400);
    expect(JSON.stringify(lockout.body)).toContain(ROLE_MESSAGES.selfLockout);

    const power = await answerOf(await saveRoles("power", PORTAL.id, detail.version, ["DIP_POWER"]));
    expect(power.status).toBe(400);
    expect(JSON.stringify(power.body)).toContain("You do not have permission to do this.");
    expect((await view("power", "/admin/userroles")).actions).toEqual([]);
    expect(await thrownStatus(() => gridLoader(loaderArgs(pageRequest("/admin/userroles", cookies.provider))))).toBe(404);
    expect(await thrownStatus(() => saveRoles("provider", PORTAL.id, detail.version, ["DIP_POWER"]))).toBe(404);
    expect(await thrownStatus(() => bulkLoader(loaderArgs(pageRequest("/admin/userroles/assign?ids=x", cookies.power))))).toBe(404);
    expect(await rolesOf(PORTAL.id)).toEqual(["DIP_PORTAL"]);
    expect(await auditCount()).toBe(before);
  });

  it("assigns roles in bulk once per form, with the SUCCESS and the FAIL users, and refuses a selection it cannot use", async () => {
    const page = await view("admin", "/admin/userroles?role=DIP_PROVIDER&size=10");
    const targets = page.rows.slice(0, 3).map((row) => row.id);
    expect(targets.length).toBe(3);
    const ids = [...targets, ADMIN.id];
    const query = new URLSearchParams([...ids.map((id): [string, string] => ["ids", id]), ["returnTo", "/admin/userroles?role=DIP_PROVIDER"]]);
    const form = loaderData(await bulkLoader(loaderArgs(pageRequest(`/admin/userroles/assign?${query}`, cookies.admin)))) as BulkAssignmentPageData;
    if (form.kind !== "form" || !form.token) throw new Error("expected the form");
    expect(form.users.map((user) => user.id)).toEqual(ids);
    expect(form.back).toBe("/admin/userroles?role=DIP_PROVIDER");

    const before = await auditCount();
    const fields: [string, string][] = [
      ...ids.map((id): [string, string] => [BULK_FIELDS.ids, id]),
      [BULK_FIELDS.token, form.token],
      [BULK_FIELDS.back, form.back],
      [BULK_FIELDS.roles, "DIP_POWER"],
    ];
    const first = await answerOf(await bulkAction(actionArgs(formRequest("/admin/userroles/assign", cookies.admin, fields))));
    expect(first.popUp?.title).toBe("Bulk Role Assignment result");
    expect(first.popUp?.message).toBe("SUCCESS: 3, FAIL: 1");
    expect(first.popUp?.lines).toEqual([...form.users.slice(0, 3).map((user) => `SUCCESS: ${user.login}`), `FAIL: admin (${ROLE_MESSAGES.selfLockout})`]);
    for (const id of targets) expect(await rolesOf(id)).toEqual(["DIP_PORTAL", "DIP_POWER"]);
    expect(await rolesOf(ADMIN.id)).toEqual(["DIP_PORTAL", "DIP_ADMIN"]);
    expect(await auditCount()).toBe(before + 3);

    // The same form again (a double submit): the first result, nothing assigned again.
    const again = await answerOf(await bulkAction(actionArgs(formRequest("/admin/userroles/assign", cookies.admin, fields))));
    expect(again.popUp).toEqual(first.popUp);
    expect(await auditCount()).toBe(before + 3);

    const huge = new URLSearchParams(Array.from({ length: 10_000 }, (_, i): [string, string] => ["ids", `u${i}`]));
    const refused = loaderData(await bulkLoader(loaderArgs(pageRequest(`/admin/userroles/assign?${huge}`, cookies.admin)))) as BulkAssignmentPageData;
    expect(refused).toMatchObject({ kind: "form", token: null, refusals: [expect.stringContaining("At most 200 rows")] });
    const foreign = loaderData(await bulkLoader(loaderArgs(pageRequest("/admin/userroles/assign?ids=not-a-user", cookies.admin)))) as BulkAssignmentPageData;
    expect(foreign).toMatchObject({ kind: "form", token: null, refusals: [expect.stringContaining("no longer active portal users")] });

    const forged = await answerOf(
      await bulkAction(
        actionArgs(
          formRequest("/admin/userroles/assign", cookies.admin, [
            [BULK_FIELDS.ids, targets[0]],
            [BULK_FIELDS.token, "x".repeat(43)],
            [BULK_FIELDS.roles, "DIP_ADMIN"],
          ]),
        ),
      ),
    );
    expect(forged.status).toBe(400);
    expect(await rolesOf(targets[0])).toEqual(["DIP_PORTAL", "DIP_POWER"]);
    expect(await auditCount()).toBe(before + 3);
  });

  it("assigns roles to the users of selected applications; a user outside the directory is a FAIL line", async () => {
    const apps = await db().selectFrom("applications").select(["id", "userId"]).orderBy("id").execute();
    const portalRoles = new Map(
      (await db().selectFrom("users").select(["login", "dloedrprole", "status"]).execute())
        .filter((user) => user.status === "ACTIVE" && parseRoleList(user.dloedrprole).includes("DIP_PORTAL"))
        .map((user) => [user.login, parseRoleList(user.dloedrprole)]),
    );
    const demo = new Set(DEMO_ACCOUNTS.map((demoAccount) => demoAccount.login));
    // Users whose roles a power user may change: none holds a role only changingRoleData gives.
    const ofPowerReach = (login: string) => !(portalRoles.get(login) ?? ["DIP_ADMIN"]).some((role) => role === "DIP_ADMIN" || role === "CCC_Admin");
    const ofDirectory = apps.filter((app) => app.userId && portalRoles.has(app.userId) && !demo.has(app.userId) && ofPowerReach(app.userId));
    const outside = apps.filter((app) => app.userId && !portalRoles.has(app.userId));
    const users = [...new Set(ofDirectory.map((app) => app.userId as string))].slice(0, 2);
    expect(users.length).toBe(2);
    expect(outside.length).toBeGreaterThan(0);
    const chosen = [...users.map((login) => ofDirectory.find((app) => app.userId === login)?.id ?? ""), outside[0].id];

    expect(await thrownStatus(() => applicationsBulkLoader(loaderArgs(pageRequest(`/admin/applications/assign?ids=${chosen[0]}`, cookies.portal))))).toBe(404);
    const query = new URLSearchParams([...chosen.map((id): [string, string] => ["ids", id]), ["returnTo", "/admin/applications"]]);
    const openForm = async () => {
      const form = loaderData(
        await applicationsBulkLoader(loaderArgs(pageRequest(`/admin/applications/assign?${query}`, cookies.power))),
      ) as BulkAssignmentPageData;
      if (form.kind !== "form" || !form.token) throw new Error("expected the form");
      return { ...form, token: form.token };
    };
    const form = await openForm();
    expect(form.users.map((user) => user.login).sort()).toEqual([...users].sort());
    expect(form.unassignable).toEqual([{ label: outside[0].userId, reason: "not an active portal user" }]);
    // The form offers power the roles it may give: DIP_ADMIN and CCC_Admin greyed.
    expect(
      form.assignable
        .filter((role) => !role.grantable)
        .map((role) => role.code)
        .sort(),
    ).toEqual(["CCC_Admin", "DIP_ADMIN"]);

    const assign = async (token: string, roles: string[]) => {
      const fields: [string, string][] = [
        ...chosen.map((id): [string, string] => [BULK_FIELDS.ids, id]),
        [BULK_FIELDS.token, token],
        [BULK_FIELDS.back, form.back],
        ...roles.map((role): [string, string] => [BULK_FIELDS.roles, role]),
      ];
      return answerOf(await applicationsBulkAction(actionArgs(formRequest("/admin/applications/assign", cookies.power, fields))));
    };
    const rolesBefore = await Promise.all(
      users.map((login) => db().selectFrom("users").select("dloedrprole").where("login", "=", login).executeTakeFirstOrThrow()),
    );
    // A power user cannot give CCC_Admin: nobody is changed, and each user's FAIL line says why.
    const refused = await assign(form.token, ["CCC_Admin"]);
    expect(refused.popUp?.title).toBe("Bulk Role Assignment result");
    expect(refused.popUp?.message).toBe("SUCCESS: 0, FAIL: 3");
    for (const login of users) expect(refused.popUp?.lines).toContain(`FAIL: ${login} (CCC_Admin can be given only by a user with changingRoleData.)`);
    const rolesAfter = await Promise.all(
      users.map((login) => db().selectFrom("users").select("dloedrprole").where("login", "=", login).executeTakeFirstOrThrow()),
    );
    expect(rolesAfter).toEqual(rolesBefore);

    const result = await assign((await openForm()).token, ["DIP_POWER"]);
    expect(result.popUp?.message).toBe("SUCCESS: 2, FAIL: 1");
    expect(result.popUp?.lines).toContain(`FAIL: ${outside[0].userId} (not an active portal user)`);
    for (const login of users) {
      const row = await db().selectFrom("users").select("dloedrprole").where("login", "=", login).executeTakeFirstOrThrow();
      expect(parseRoleList(row.dloedrprole)).toEqual(["DIP_PORTAL", "DIP_POWER"]);
    }
  });
});
