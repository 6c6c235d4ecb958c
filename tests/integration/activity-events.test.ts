import { beforeEach, describe, expect, it } from "vitest";
import { OAUTH_STATE_COOKIE } from "~/auth/oidc-client.server";
import { CALLBACK_MESSAGES, recordCallbackRefusal, recordCallbackSignIn } from "~/auth/sign-in-events.server";
import { getDatabase } from "~/db/db.server";
import { GRID_ACTION_MESSAGES } from "~/grid/grid-actions.server";
import type { GridView } from "~/grid/grid-view";
import { DEFAULT_SIGN_IN_THROTTLE } from "~/identity/options";
import { createSignInThrottle } from "~/identity/sign-in-throttle.server";
import { createSignInService, SIGN_IN_REFUSED } from "~/identity/sign-in.server";
import { runWithRequestContext } from "~/lib/request-context.server";
import type { ActivityEventDetail } from "~/modules/activity/event-detail";
import { verifyAuditChain } from "~/modules/audit/verify-chain.server";
import type { DeviceDetail } from "~/modules/devices/detail";
import { loader as activityLoader } from "~/routes/_shell.admin.activity";
import { action as devicesAction, loader as devicesLoader } from "~/routes/_shell.admin.devices";
import { action as userRolesAction } from "~/routes/_shell.admin.userroles";
import { action as bulkAction, loader as bulkLoader } from "~/routes/_shell.admin.userroles_.assign";
import { answered } from "../support/action-answer";
import { testDialects } from "../support/databases";
import { demoClaims, demoUsers } from "../support/demo-claims";
import { viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, formRequest, loaderArgs, pageRequest } from "../support/signed-in-request";
import { thrownStatus } from "../support/thrown-status";

/**
 * What changed nothing, as events of the Activity screen (issue 29, decision 0087), on SQLite and
 * PostgreSQL: a write refused for its own permission or for a stale version (who tried what,
 * nothing else written, the record's History unchanged), failed and successful sign-ins (never a
 * password), each bounded by the sign-in throttle's budget per address; the chain holds.
 */
type View = GridView<ActivityEventDetail>;
const PATH = "/admin/activity";
const PASSWORD = "demo-portal";

describe.each(testDialects)("refused writes and sign-ins as events on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 120, signedIn: demoUsers("admin", "power"), timeZone: "UTC" });
  const activity = (path: string) => viewGridLoader<View>(activityLoader, cookies.admin, path);
  const events = () => db().selectFrom("auditLog").selectAll().orderBy("id").execute();

  beforeEach(async () => {
    await db().deleteFrom("auditLog").execute();
    await db().deleteFrom("signInFailures").execute();
  });

  it("records a write refused for its own permission (power without changingRoleData saving roles): who tried what, nothing changed", async () => {
    const portal = demoClaims("portal");
    const before = await db().selectFrom("users").select(["dloedrprole", "lastUpdated"]).where("id", "=", portal.id).executeTakeFirstOrThrow();
    const fields: [string, string][] = [
      ["intent", "saveRoles"],
      ["row", portal.id],
      ["returnTo", "/admin/userroles"],
      ["version", before.lastUpdated],
      ["roles", "DIP_POWER"],
    ];
    const answer = await answered(() => userRolesAction(actionArgs(formRequest("/admin/userroles", cookies.power, fields))));
    expect(answer.status).toBe(400);
    expect(await db().selectFrom("users").select(["dloedrprole", "lastUpdated"]).where("id", "=", portal.id).executeTakeFirstOrThrow()).toEqual(before);
    const rows = await events();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: "power", action: "saveRoles", entity: "user", entityId: portal.id, outcome: "refused", beforeValue: null });
    const page = await activity(`${PATH}?outcome=refused&expanded=${rows[0].id}`);
    expect(page.rows[0].cells).toMatchObject({ actor: "power", entity: "User", action: "Save roles", outcome: "Refused" });
    expect(page.detail).toMatchObject({ note: GRID_ACTION_MESSAGES.notAllowed, outcome: "Refused" });
    expect(page.detail?.changes).toEqual([]);
    expect(page.detail?.facts).toEqual([{ label: "Permission", value: "changingRoleData" }]);
    expect(await verifyAuditChain()).toEqual({ verified: 1, broken: null });
  });

  it("records a write sent to a page of one write without its permission (power posting the bulk role assignment); opening the page records nothing", async () => {
    const args = (method: string) =>
      loaderArgs(
        method === "GET"
          ? pageRequest("/admin/userroles/assign", cookies.power)
          : formRequest("/admin/userroles/assign", cookies.power, [["ids", demoClaims("portal").id]]),
      );
    expect(await thrownStatus(() => bulkLoader(args("GET")))).toBe(404);
    expect(await events()).toEqual([]);
    expect(await thrownStatus(() => bulkAction(args("POST")))).toBe(404);
    const rows = await events();
    expect(rows.map((row) => [row.actor, row.action, row.entity, row.entityId, row.outcome])).toEqual([["power", "bulkAssignRoles", "user", null, "refused"]]);
    expect(JSON.parse(String(rows[0].afterValue))).toEqual({ message: "This needs the changingRoleData permission.", permission: "changingRoleData" });
    const page = await activity(`${PATH}?outcome=refused`);
    expect(page.rows[0].cells).toMatchObject({ action: "Bulk role assignment", entity: "User", outcome: "Refused" });
  });

  it("records a stale write (a double submit's second DeRegister) apart from the change, which alone stays in the record's History", async () => {
    const device = await db().selectFrom("deviceRegistrations").selectAll().where("isActive", "=", 1).orderBy("registrationId").executeTakeFirstOrThrow();
    const id = String(device.registrationId);
    const trusted = "/admin/devices?trust=Y";
    const fields: [string, string][] = [
      ["intent", "deregisterDevice"],
      ["row", id],
      ["returnTo", trusted],
      ["version", String(device.rowVersion)],
      ["confirmed", "yes"],
    ];
    const submit = (login: string) => answered(() => devicesAction(actionArgs(formRequest(trusted, cookies[login], fields))));
    expect((await submit("admin")).status).toBe(302);
    const again = await submit("power");
    expect(again.popUp?.message).toMatch(/^This device registration was changed by admin at /);
    const rows = await events();
    expect(rows.map((row) => [row.actor, row.action, row.entityId, row.outcome])).toEqual([
      ["admin", "deregisterDevice", id, "done"],
      ["power", "deregisterDevice", id, "refused"],
    ]);
    const refused = await activity(`${PATH}?entity=deviceRegistration&entityId=${id}&expanded=${rows[1].id}`);
    expect(refused.rows.map((row) => row.cells.outcome)).toEqual(["Refused", "Done"]);
    expect(refused.detail).toMatchObject({ actor: "power", action: "DeRegister device", note: again.popUp?.message, changes: [], facts: [] });
    const history = (await viewGridLoader<GridView<DeviceDetail>>(devicesLoader, cookies.admin, `/admin/devices?registrationId=${id}&expanded=${id}`)).detail
      ?.history;
    expect(history?.map((entry) => [entry.actor, entry.action])).toEqual([["admin", "deregisterDevice"]]);
    expect(await verifyAuditChain()).toEqual({ verified: 2, broken: null });
  });

  it("records failed password sign-ins without the password, up to the throttle's budget per address; a success or a throttled try adds none", async () => {
    const perAddress = 3;
    const settings = { ...DEFAULT_SIGN_IN_THROTTLE, perAddress, freeFailuresPerPair: 0 };
    const throttle = createSignInThrottle(getDatabase(), settings, () => new Date());
    const service = createSignInService(
      getDatabase(),
      throttle,
      () => undefined,
      () => new Date(),
    );
    expect(await service.attempt("admin", PASSWORD, "10.0.0.1")).toMatchObject({ ok: true });
    expect(await events()).toEqual([]);
    const guesses = ["guess-one-secret", "guess-two-secret", "guess-three-secret", "guess-four-secret", "guess-five-secret"];
    for (const [index, guess] of guesses.entries()) await service.attempt(`user${index}`, guess, "10.0.0.2");
    await service.attempt("admin", "wrong-admin-secret", "10.0.0.3");
    // The pair now waits: refused unchecked, not an event.
    expect(await service.attempt("admin", "another-admin-secret", "10.0.0.3")).toMatchObject({ ok: false, refused: true });
    const rows = await events();
    expect(rows.map((row) => [row.actor, row.action, row.outcome])).toEqual([
      ["user0", "signIn", "failed"],
      ["user1", "signIn", "failed"],
      ["user2", "signIn", "failed"],
      ["admin", "signIn", "failed"],
    ]);
    expect(rows[0]).toMatchObject({ entity: "user", entityId: null });
    expect(JSON.parse(String(rows[3].afterValue))).toEqual({ message: SIGN_IN_REFUSED, via: "password", address: "10.0.0.3" });
    const text = JSON.stringify(rows);
    for (const secret of [PASSWORD, ...guesses, "wrong-admin-secret", "another-admin-secret"]) expect(text).not.toContain(secret);
    const page = await activity(`${PATH}?action=signIn&outcome=failed`);
    expect(page.rows.map((row) => row.cells.actor)).toEqual(["admin", "user2", "user1", "user0"]);
    expect(await verifyAuditChain()).toEqual({ verified: 4, broken: null });
  });

  it("records the callback's sign-ins, and its refusals up to the budget of their client address", async () => {
    const admin = demoClaims("admin");
    await runWithRequestContext({ requestId: "r1", clientAddress: "::ffff:192.0.2.7" }, () => recordCallbackSignIn(admin));
    const budget = DEFAULT_SIGN_IN_THROTTLE.perAddress;
    // A callback of a sign-in this browser started: its state, and the state cookie that carries it.
    const callback = (state: string, cookie: string | null) =>
      new Request(`http://portal.test/callback?code=x&state=${state}`, { headers: cookie === null ? {} : { Cookie: cookie } });
    const started = callback("s1", `${OAUTH_STATE_COOKIE}:a=state=s1&codeVerifier=v`);
    for (let index = 0; index < budget + 5; index++) {
      await runWithRequestContext({ requestId: `f${index}`, clientAddress: "192.0.2.9" }, () => recordCallbackRefusal(started, "The sign-in was rejected."));
    }
    await runWithRequestContext({ requestId: "other", clientAddress: "192.0.2.10" }, () => recordCallbackRefusal(started, "The sign-in was rejected."));
    // No sign-in started here: no state, no cookie, or another sign-in's cookie.
    for (const request of [new Request("http://portal.test/callback"), callback("s1", null), callback("s2", `${OAUTH_STATE_COOKIE}:b=state=s1`)]) {
      await runWithRequestContext({ requestId: "stray", clientAddress: "192.0.2.11" }, () => recordCallbackRefusal(request, "The sign-in was rejected."));
    }
    const rows = await events();
    expect(rows[0]).toMatchObject({ actor: "admin", action: "signIn", entity: "user", entityId: admin.id, outcome: "done", requestId: "r1" });
    expect(JSON.parse(String(rows[0].afterValue))).toEqual({ message: CALLBACK_MESSAGES.signedIn, via: "callback", address: "192.0.2.7" });
    const refusals = rows.filter((row) => row.outcome === "failed");
    expect(refusals.filter((row) => JSON.parse(String(row.afterValue)).address === "192.0.2.9")).toHaveLength(budget);
    expect(refusals.filter((row) => JSON.parse(String(row.afterValue)).address === "192.0.2.10")).toHaveLength(1);
    expect(refusals).toHaveLength(budget + 1);
    expect(refusals[0]).toMatchObject({ actor: "(not signed in)", entityId: null });
    // The callback's budget is its own: the address's password sign-ins are not slowed by it.
    const address = await db().selectFrom("signInFailures").select("key").where("key", "=", "address:192.0.2.9").executeTakeFirst();
    expect(address).toBeUndefined();
    expect(await verifyAuditChain()).toEqual({ verified: rows.length, broken: null });
  });
});
