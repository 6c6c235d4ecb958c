import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PROVIDER_ID } from "~/auth/demo-access";
import type { UserClaims } from "~/auth/user-claims";
import { setDatabase } from "~/db/db.server";
import type { ShopRegistrationsTable } from "~/db/types";
import { GRID_ACTION_MESSAGES } from "~/grid/grid-actions.server";
import type { GridView } from "~/grid/grid-view";
import { setProviderSandboxSettings } from "~/integrations/providers/sandbox-settings.server";
import { compileFailurePattern } from "~/integrations/sandbox/failure-pattern";
import type { RegistrationDetail } from "~/modules/shop-registrations/registration-detail";
import { REGISTRATION_MESSAGES } from "~/modules/shop-registrations/registration-messages";
import { action as gridAction, loader as gridLoader } from "~/routes/_shell.admin.shopRegistration";
import { seedDatabase } from "../../seed/index.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { answered, postRequest, refusalLines } from "../support/grid-action-answer";
import { viewGridLoader } from "../support/grid-loader";
import { allowOutbound } from "../support/outbound-allow";
import { startFixedEndpoint, startProviderSandboxServer } from "../support/provider-endpoints";
import { actionArgs, signedInCookie, useTestAuthSettings } from "../support/signed-in-request";

/**
 * The Shop Registrations trust actions (issue 14, decision 0044) called as the route's action on
 * seeded demo data, on SQLite and PostgreSQL: the page permission on every action whatever the URL
 * says, trust=Y needed, DeRegister (soft) and Delete (hard) asking first, Update RF Details copying
 * the shop record, Resend over real HTTP to the built-in sandbox or a provider's failing endpoint,
 * the stale refusal, and a double submit acting once. Every row acted on is the test's own.
 */
type View = GridView<RegistrationDetail>;
const PATH = "/admin/shopRegistration";
const TRUSTED = `${PATH}?trust=Y`;
const INTENTS = ["updateRfDetails", "resendShopRegistration", "deregisterShopRegistration", "deleteShopRegistration"] as const;
/** A provider of the demo data with a SHOP_REGISTRATION routing, pointed at a failing endpoint here. */
const ROUTED_PROVIDER = 1002;

const account = (login: string): UserClaims => {
  const demo = DEMO_ACCOUNTS.find((candidate) => candidate.login === login);
  if (!demo) throw new Error(login);
  return {
    id: demo.id,
    login: demo.login,
    firstName: demo.firstName,
    lastName: demo.lastName,
    email: demo.email,
    roles: [...demo.roles],
    companyId: demo.companyId,
  };
};

describe.each(testDialects)("the Shop Registrations trust actions on %s", (dialect) => {
  let t: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startProviderSandboxServer>>;
  let failing: Awaited<ReturnType<typeof startFixedEndpoint>>;
  let shop: {
    repairFacilityId: number;
    licenseNum: string;
    custName: string;
    addrLine1: string | null;
    addrLine2: string | null;
    city: string | null;
    stateCd: string | null;
    zip: string | null;
  };
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDatabase(t.database, { scale: 200, dataDir: t.dataDir, demoPassword: "demo-portal" });
    setDatabase(t.database);
    useTestAuthSettings();
    for (const login of ["admin", "power", "provider", "portal"]) cookies[login] = `${await signedInCookie(account(login))}; tz=UTC`;
    sandbox = await startProviderSandboxServer();
    setProviderSandboxSettings(sandbox.settings);
    failing = await startFixedEndpoint(503, JSON.stringify({ status: "ERROR", message: "down for maintenance" }));
    // The failing endpoint listens on loopback: reached only as OUTBOUND_ALLOW names it (decision 0061).
    allowOutbound("127.0.0.1");
    await t.database.db
      .updateTable("providerRoutings")
      .set({ routingUrl: `${failing.origin}/v2/shops?token=not-for-logs`, routingTimeout: 5 })
      .where("providerId", "=", ROUTED_PROVIDER)
      .where("routingName", "=", "SHOP_REGISTRATION")
      .execute();
    shop = await t.database.db
      .selectFrom("shops")
      .select(["repairFacilityId", "licenseNum", "custName", "addrLine1", "addrLine2", "city", "stateCd", "zip"])
      .where("licenseNum", "is not", null)
      .where("addrLine2", "is not", null)
      .orderBy("repairFacilityId")
      .$narrowType<{ licenseNum: string }>()
      .executeTakeFirstOrThrow();
  }, 120_000);
  afterAll(async () => {
    allowOutbound(undefined);
    setProviderSandboxSettings(undefined);
    await sandbox?.close();
    await failing?.close();
    setDatabase(undefined);
    await t?.cleanup();
  });

  const db = () => t.database.db;
  const rowOf = (id: number) => db().selectFrom("shopRegistrations").selectAll().where("id", "=", id).executeTakeFirst();
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
  const auditOf = (id: number) =>
    db()
      .selectFrom("auditLog")
      .selectAll()
      .where("entity", "=", "shopRegistration")
      .where("entityId", "=", String(id))
      .where("outcome", "=", "done")
      .orderBy("id")
      .execute();
  const act = (login: string, path: string, intent: string, row: number | string, fields: [string, string][]) =>
    answered(() => gridAction(actionArgs(postRequest(path, cookies[login], [["intent", intent], ["row", String(row)], ["returnTo", path], ...fields]))));
  const versionOf = (row: { rowVersion: number }): [string, string] => ["version", String(row.rowVersion)];
  const confirmed: [string, string] = ["confirmed", "yes"];

  /** A registration of the test's own: the shop's license, with shop details as a provider once sent them. */
  async function newRegistration(values: Partial<Insertable<ShopRegistrationsTable>> = {}) {
    const at = new Date().toISOString();
    const { id } = await db()
      .insertInto("shopRegistrations")
      .values({
        providerId: DEMO_PROVIDER_ID,
        providerCustomerId: "IT-REG",
        licenseKey: shop.licenseNum,
        shopId: shop.repairFacilityId,
        shopName: "Old Name Body Shop",
        address: "1 Old Street",
        city: "Oldtown",
        stateCd: "ZZ",
        zipCode: "00000",
        createdDateTime: at,
        lastModifiedDateTime: at,
        isActive: 1,
        diagnosticsProducts: JSON.stringify(["KRD_SCAN"]),
        providerStatus: "Success",
        ...values,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await rowOf(id);
    if (!row) throw new Error("not inserted");
    return row;
  }

  it("offers the four trust actions to staff with the page, each row carrying its version; only trust=Y shows them", async () => {
    const registration = await newRegistration();
    const page = await viewGridLoader<View>(gridLoader, cookies.power, `${TRUSTED}&providerCustomerId=IT-REG&size=50`);
    expect(page.actions?.sort()).toEqual([...INTENTS].sort());
    expect(page.rows.find((row) => row.id === String(registration.id))?.actionFields).toEqual({ version: "1" });
    expect(page.state.params).toMatchObject({ trust: "Y" });
    expect((await viewGridLoader<View>(gridLoader, cookies.power, `${PATH}?providerCustomerId=IT-REG`)).state.params.trust).toBeUndefined();
  });

  it("gives users without page shopRegistration the 404 page for every action, trust=Y or not, and writes nothing", async () => {
    const registration = await newRegistration();
    const before = await auditCount();
    for (const login of ["provider", "portal"]) {
      for (const intent of INTENTS) {
        for (const path of [PATH, TRUSTED]) {
          expect((await act(login, path, intent, registration.id, [versionOf(registration), confirmed])).status, `${login} ${intent} ${path}`).toBe(404);
        }
      }
    }
    expect(await rowOf(registration.id)).toEqual(registration);
    expect(await auditCount()).toBe(before);
    expect(sandbox.sandbox.received().some((received) => received.registrationId === registration.id)).toBe(false);
  });

  it("refuses trust actions posted without trust=Y, forged or unknown ids and bad versions, writing and sending nothing", async () => {
    const registration = await newRegistration();
    const id = String(registration.id);
    const version = versionOf(registration);
    const before = await auditCount();
    const cases: Array<[string, string, [string, string][], string]> = [
      [PATH, id, [version, confirmed], GRID_ACTION_MESSAGES.notShown],
      [`${PATH}?trust=y`, id, [version, confirmed], GRID_ACTION_MESSAGES.notShown],
      [TRUSTED, "<1>", [version, confirmed], GRID_ACTION_MESSAGES.badRow],
      [TRUSTED, "99999999", [version, confirmed], GRID_ACTION_MESSAGES.notInScope],
      [TRUSTED, id, [["version", "x1"], confirmed], REGISTRATION_MESSAGES.badVersion],
      [TRUSTED, id, [confirmed], REGISTRATION_MESSAGES.badVersion],
    ];
    for (const intent of INTENTS) {
      for (const [path, row, fields, message] of cases) {
        const answer = await act("admin", path, intent, row, fields);
        expect(answer.status, `${intent} ${path} ${row} ${JSON.stringify(fields)}`).toBe(400);
        expect(refusalLines(answer)).toContain(message);
      }
    }
    expect(await rowOf(registration.id)).toEqual(registration);
    expect(await auditCount()).toBe(before);
    expect(sandbox.sandbox.received().some((received) => received.registrationId === registration.id)).toBe(false);
  });

  it("DeRegister asks first, then makes the registration Inactive (soft) with an audit row; a double submit acts once", async () => {
    const registration = await newRegistration();
    const asked = await act("power", TRUSTED, "deregisterShopRegistration", registration.id, [versionOf(registration)]);
    expect(asked.body).toMatchObject({ kind: "confirm", intent: "deregisterShopRegistration", rows: [`${registration.id} · Old Name Body Shop`] });
    expect(await rowOf(registration.id)).toEqual(registration);

    const done = await act("power", TRUSTED, "deregisterShopRegistration", registration.id, [versionOf(registration), confirmed]);
    expect(done).toMatchObject({ status: 302, location: TRUSTED, popUp: REGISTRATION_MESSAGES.deregistered(registration.id) });
    const after = await rowOf(registration.id);
    expect(after).toMatchObject({ isActive: 0, rowVersion: 2, shopName: registration.shopName });
    expect(await auditOf(registration.id)).toEqual([expect.objectContaining({ actor: "power", action: "deregisterShopRegistration" })]);

    const again = await act("power", TRUSTED, "deregisterShopRegistration", registration.id, [versionOf(registration), confirmed]);
    expect(again.popUp?.message).toMatch(/^This shop registration was changed by power at .+ after you opened it\./);
    expect(await rowOf(registration.id)).toEqual(after);
    expect(await auditOf(registration.id)).toHaveLength(1);

    const inactive = await act("power", TRUSTED, "deregisterShopRegistration", registration.id, [["version", "2"], confirmed]);
    expect(refusalLines(inactive)).toContain(REGISTRATION_MESSAGES.alreadyInactive);
    const page = await viewGridLoader<View>(gridLoader, cookies.power, `${PATH}?providerCustomerId=IT-REG&active=Inactive&expanded=${registration.id}&size=50`);
    expect(page.rows.find((row) => row.id === String(registration.id))?.cells.active).toBe("Inactive");
    expect(page.detail?.history[0].changes).toContainEqual({ field: "Active", before: "Active", after: "Inactive" });
  });

  it("Delete asks first, then removes the registration (hard) with an audit row; a double submit acts once", async () => {
    const registration = await newRegistration();
    expect((await act("admin", TRUSTED, "deleteShopRegistration", registration.id, [versionOf(registration)])).body).toMatchObject({ kind: "confirm" });
    expect(await rowOf(registration.id)).toBeDefined();
    const deleted = await act("admin", TRUSTED, "deleteShopRegistration", registration.id, [versionOf(registration), confirmed]);
    expect(deleted).toMatchObject({ status: 302, location: TRUSTED, popUp: REGISTRATION_MESSAGES.deleted(registration.id) });
    expect(await rowOf(registration.id)).toBeUndefined();
    expect(await auditOf(registration.id)).toEqual([expect.objectContaining({ action: "deleteShopRegistration", afterValue: null })]);
    const again = await act("admin", TRUSTED, "deleteShopRegistration", registration.id, [versionOf(registration), confirmed]);
    expect(refusalLines(again)).toContain(GRID_ACTION_MESSAGES.notInScope);
    expect(await auditOf(registration.id)).toHaveLength(1);
  });

  it("refuses every trust action on a registration another admin changed since it was read, naming who, writing and sending nothing", async () => {
    const registration = await newRegistration();
    const read = versionOf(registration);
    const first = await act("admin", TRUSTED, "updateRfDetails", registration.id, [read]);
    expect(first.popUp).toEqual(REGISTRATION_MESSAGES.rfUpdated(registration.id));
    const changed = await rowOf(registration.id);
    const before = await auditCount();
    for (const intent of INTENTS) {
      const answer = await act("power", TRUSTED, intent, registration.id, [read, confirmed]);
      expect(answer.status, intent).toBe(302);
      expect(answer.popUp?.message, intent).toMatch(/^This shop registration was changed by admin at /);
    }
    expect(await rowOf(registration.id)).toEqual(changed);
    expect(await auditCount()).toBe(before);
    expect(sandbox.sandbox.received().some((received) => received.registrationId === registration.id)).toBe(false);
  });

  it("Update RF Details copies the shop record of the license (both address lines), fills a missing shop id, and refuses when nothing would change", async () => {
    const registration = await newRegistration({ shopId: null });
    const answer = await act("admin", TRUSTED, "updateRfDetails", registration.id, [versionOf(registration)]);
    expect(answer).toMatchObject({ status: 302, popUp: REGISTRATION_MESSAGES.rfUpdated(registration.id) });
    expect(await rowOf(registration.id)).toMatchObject({
      shopId: shop.repairFacilityId,
      shopName: shop.custName,
      address: `${shop.addrLine1}, ${shop.addrLine2}`,
      city: shop.city,
      stateCd: shop.stateCd,
      zipCode: shop.zip,
      rowVersion: 2,
      licenseKey: shop.licenseNum,
      isActive: 1,
    });
    const [audit] = await auditOf(registration.id);
    expect(audit).toMatchObject({ actor: "admin", action: "updateRfDetails" });
    expect(JSON.parse(audit.afterValue ?? "{}")).toMatchObject({ shopName: shop.custName, shopId: shop.repairFacilityId });

    // Nothing to update is information, not a failure: the pop-up says so and nothing is written.
    const upToDate = await act("admin", TRUSTED, "updateRfDetails", registration.id, [["version", "2"]]);
    expect(upToDate).toMatchObject({ status: 302, popUp: REGISTRATION_MESSAGES.upToDate });
    expect(await rowOf(registration.id)).toMatchObject({ rowVersion: 2 });
    const unknown = await newRegistration({ licenseKey: "ZZ0000" });
    expect(refusalLines(await act("admin", TRUSTED, "updateRfDetails", unknown.id, [versionOf(unknown)]))).toContain(
      REGISTRATION_MESSAGES.noShopRecord("ZZ0000"),
    );
    expect(await auditOf(registration.id)).toHaveLength(1);
    expect(await rowOf(unknown.id)).toEqual(unknown);
  });

  it("Resend sends the registration over HTTP to the built-in sandbox when its provider has no routing: Pending, then Success, audited; a double submit sends once", async () => {
    const registration = await newRegistration({ providerStatus: "Failed" });
    const sentBefore = sandbox.sandbox.received().length;
    const answer = await act("power", TRUSTED, "resendShopRegistration", registration.id, [versionOf(registration)]);
    expect(answer).toMatchObject({ status: 302, location: TRUSTED, popUp: REGISTRATION_MESSAGES.resent });
    const received = sandbox.sandbox.received().slice(sentBefore);
    expect(received).toEqual([
      expect.objectContaining({ registrationId: registration.id, providerId: DEMO_PROVIDER_ID, shopId: shop.repairFacilityId, answeredStatus: 200 }),
    ]);
    expect(await rowOf(registration.id)).toMatchObject({ providerStatus: "Success", rowVersion: 3 });
    const audit = await auditOf(registration.id);
    expect(audit.map((row) => row.action)).toEqual(["resendShopRegistration", "resendShopRegistrationAnswer"]);
    expect(JSON.parse(audit[0].afterValue ?? "{}")).toMatchObject({ providerStatus: "Pending", resentTo: "built-in sandbox" });
    expect(JSON.parse(audit[1].afterValue ?? "{}")).toEqual({ providerStatus: "Success", providerAnswer: "SUCCESS" });

    const again = await act("power", TRUSTED, "resendShopRegistration", registration.id, [versionOf(registration)]);
    expect(again.popUp?.message).toMatch(/^This shop registration was changed by power at /);
    expect(sandbox.sandbox.received().length).toBe(sentBefore + 1);
    expect(await auditOf(registration.id)).toHaveLength(2);
  });

  it("Resend to a provider's failing endpoint, or a sandbox failing on purpose, says so: Failed, the answer audited, no secret in the audit", async () => {
    const routed = await newRegistration({ providerId: ROUTED_PROVIDER });
    const answer = await act("admin", TRUSTED, "resendShopRegistration", routed.id, [versionOf(routed)]);
    expect(answer).toMatchObject({ status: 302, popUp: REGISTRATION_MESSAGES.resendFailed });
    expect(failing.bodies.map((body) => (JSON.parse(body) as { registrationId: number }).registrationId)).toContain(routed.id);
    expect(await rowOf(routed.id)).toMatchObject({ providerStatus: "Failed", rowVersion: 3 });
    const audit = await auditOf(routed.id);
    expect(JSON.parse(audit[0].afterValue ?? "{}")).toMatchObject({ resentTo: failing.origin });
    expect(JSON.parse(audit[1].afterValue ?? "{}")).toEqual({ providerStatus: "Failed", providerAnswer: "HTTP 503" });
    expect(audit.map((row) => `${row.beforeValue} ${row.afterValue}`).join(" ")).not.toContain("not-for-logs");

    sandbox.sandbox.setFailPattern(compileFailurePattern(String(shop.repairFacilityId)));
    try {
      const viaSandbox = await newRegistration();
      expect((await act("admin", TRUSTED, "resendShopRegistration", viaSandbox.id, [versionOf(viaSandbox)])).popUp).toEqual(REGISTRATION_MESSAGES.resendFailed);
      expect(await rowOf(viaSandbox.id)).toMatchObject({ providerStatus: "Failed" });
    } finally {
      sandbox.sandbox.setFailPattern(null);
    }
  });

  it("Resend to a routing at a refused address (saved before the guard, or a loopback name) fails with its reason and sends nothing; the sandbox needs no allow-list", async () => {
    allowOutbound(undefined);
    try {
      const sentBefore = failing.bodies.length;
      const routed = await newRegistration({ providerId: ROUTED_PROVIDER });
      const answer = await act("admin", TRUSTED, "resendShopRegistration", routed.id, [versionOf(routed)]);
      expect(answer).toMatchObject({ status: 302, popUp: REGISTRATION_MESSAGES.resendFailed });
      expect(failing.bodies.length).toBe(sentBefore);
      expect(await rowOf(routed.id)).toMatchObject({ providerStatus: "Failed", rowVersion: 3 });
      const audit = await auditOf(routed.id);
      expect(audit.map((row) => row.action)).toEqual(["resendShopRegistration", "resendShopRegistrationAnswer"]);
      expect(JSON.parse(audit[1].afterValue ?? "{}")).toEqual({ providerStatus: "Failed", providerAnswer: "not sent: the address 127.0.0.1 is not allowed" });
      expect(audit.map((row) => `${row.beforeValue} ${row.afterValue}`).join(" ")).not.toContain("not-for-logs");

      const port = new URL(failing.origin).port;
      await db()
        .updateTable("providerRoutings")
        .set({ routingUrl: `http://user:pw@localhost:${port}/v2/shops` })
        .where("providerId", "=", ROUTED_PROVIDER)
        .where("routingName", "=", "SHOP_REGISTRATION")
        .execute();
      try {
        const byName = await newRegistration({ providerId: ROUTED_PROVIDER });
        expect((await act("admin", TRUSTED, "resendShopRegistration", byName.id, [versionOf(byName)])).popUp).toEqual(REGISTRATION_MESSAGES.resendFailed);
        expect(failing.bodies.length).toBe(sentBefore);
        const answerRow = (await auditOf(byName.id))[1];
        expect(JSON.parse(answerRow?.afterValue ?? "{}")).toEqual({
          providerStatus: "Failed",
          providerAnswer: "not sent: the address localhost is not allowed",
        });
        expect(JSON.stringify(await auditOf(byName.id))).not.toContain("pw@");
      } finally {
        await db()
          .updateTable("providerRoutings")
          .set({ routingUrl: `${failing.origin}/v2/shops?token=not-for-logs` })
          .where("providerId", "=", ROUTED_PROVIDER)
          .where("routingName", "=", "SHOP_REGISTRATION")
          .execute();
      }

      const received = sandbox.sandbox.received().length;
      const viaSandbox = await newRegistration();
      expect((await act("admin", TRUSTED, "resendShopRegistration", viaSandbox.id, [versionOf(viaSandbox)])).popUp).toEqual(REGISTRATION_MESSAGES.resent);
      expect(sandbox.sandbox.received().length).toBe(received + 1);
      expect(await rowOf(viaSandbox.id)).toMatchObject({ providerStatus: "Success" });
    } finally {
      allowOutbound("127.0.0.1");
    }
  });

  it("Resend of an inactive (de-registered) registration is refused with its reason, sending and writing nothing", async () => {
    const registration = await newRegistration({ isActive: 0 });
    const sentBefore = sandbox.sandbox.received().length;
    const answer = await act("admin", TRUSTED, "resendShopRegistration", registration.id, [versionOf(registration)]);
    expect(answer.status).toBe(400);
    expect(refusalLines(answer)).toEqual([REGISTRATION_MESSAGES.inactiveNotSent]);
    expect(sandbox.sandbox.received().length).toBe(sentBefore);
    expect(await rowOf(registration.id)).toEqual(registration);
    expect(await auditOf(registration.id)).toEqual([]);
  });

  it("Resend of a registration without a shop id says 'Missing ShopId information!', sending and writing nothing", async () => {
    const registration = await newRegistration({ shopId: null });
    const sentBefore = sandbox.sandbox.received().length;
    const answer = await act("admin", TRUSTED, "resendShopRegistration", registration.id, [versionOf(registration)]);
    expect(answer.status).toBe(400);
    expect(refusalLines(answer)).toEqual([REGISTRATION_MESSAGES.missingShopId]);
    expect(sandbox.sandbox.received().length).toBe(sentBefore);
    expect(await rowOf(registration.id)).toEqual(registration);
    expect(await auditOf(registration.id)).toEqual([]);
    const page = await viewGridLoader<View>(gridLoader, cookies.admin, `${PATH}?providerCustomerId=IT-REG&size=50`);
    expect(page.rows.find((row) => row.id === String(registration.id))?.cells).toMatchObject({ shopId: "" });
  });
});
