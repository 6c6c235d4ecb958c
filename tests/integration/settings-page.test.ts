import { beforeEach, describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { action, loader } from "~/routes/_shell.settings";
import { testDialects } from "../support/databases";
import { setUpFreshPortalEachTest } from "../support/fresh-portal";
import { insertPagePermissions, insertProvider, insertShop, registerShop } from "../support/portal-rows";
import { actionArgs, formRequest, loaderArgs, pageRequest, signedInCookie } from "../support/signed-in-request";

const PROVIDER_USER: UserClaims = {
  id: "u-provider",
  login: "provider",
  firstName: "Riley",
  lastName: "Provider",
  email: null,
  roles: ["DIP_PORTAL", "DIP_PROVIDER"],
  companyId: 1001,
};
const POWER_USER: UserClaims = { ...PROVIDER_USER, id: "u-power", login: "power", roles: ["DIP_PORTAL", "DIP_POWER"], companyId: null };

/** Stored preferences with their values parsed (PostgreSQL's jsonb does not keep the JSON text as written). */
async function preferences() {
  const rows = await getDb().selectFrom("userPreferences").select(["userId", "prefKey", "prefValue"]).orderBy("prefKey").execute();
  return rows.map((row) => ({ ...row, prefValue: JSON.parse(row.prefValue) as unknown }));
}

/** The audit rows in the order written, with before and after parsed. */
async function auditRows() {
  const rows = await getDb().selectFrom("auditLog").select(["actor", "action", "entity", "entityId", "beforeValue", "afterValue"]).orderBy("id").execute();
  return rows.map(({ beforeValue, afterValue, ...row }) => ({
    ...row,
    before: beforeValue === null ? null : (JSON.parse(beforeValue) as unknown),
    after: afterValue === null ? null : (JSON.parse(afterValue) as unknown),
  }));
}

/** What the action answered: a redirect, or rejected form data with its status. */
async function submit(user: UserClaims, fields: Record<string, string>) {
  const result = await action(actionArgs(formRequest("/settings", await signedInCookie(user), fields)));
  if ("init" in result) return { status: result.init?.status, data: result.data };
  return { redirect: result.headers.get("Location"), setCookie: result.headers.get("Set-Cookie") };
}

describe.each(testDialects)("settings page on %s", (dialect) => {
  setUpFreshPortalEachTest(dialect);

  beforeEach(async () => {
    await insertPagePermissions();
    await insertProvider(1001, "Alpha Diagnostics");
    await insertProvider(1002, "Beta Scan");
    await insertShop(5001, "Zeta Body Shop");
    await insertShop(5002, "Beta Collision");
    await insertShop(5003, "Closed Garage");
    await registerShop(1001, 5001, "Zeta Body Shop");
    await registerShop(1002, 5002, "Beta Collision");
    await registerShop(1002, 5001, "Zeta Body Shop");
    await registerShop(1001, 5003, "Closed Garage", 0);
  });

  it("offers a provider-only user the provider's active shops, and others every registered shop once, by name", async () => {
    const forProvider = await loader(loaderArgs(pageRequest("/settings", await signedInCookie(PROVIDER_USER))));
    expect(forProvider.location.choices).toEqual([{ shopId: 5001, shopName: "Zeta Body Shop" }]);
    const forPower = await loader(loaderArgs(pageRequest("/settings", await signedInCookie(POWER_USER))));
    expect(forPower.location.choices).toEqual([
      { shopId: 5002, shopName: "Beta Collision" },
      { shopId: 5001, shopName: "Zeta Body Shop" },
    ]);
    expect(forPower.location.current).toBeNull();
    expect(forPower.timeZone).toMatchObject({ inUse: "America/Chicago", source: "default" });
  });

  it("rejects a missing location with 'Field is required' and writes nothing", async () => {
    const answer = await submit(PROVIDER_USER, { intent: "preferredLocation", shopId: "" });
    expect(answer).toMatchObject({ status: 400, data: { intent: "preferredLocation", result: { error: { shopId: ["Field is required"] } } } });
    expect(await preferences()).toEqual([]);
  });

  it("rejects a shop the user may not choose, or no number at all, and writes nothing", async () => {
    for (const shopId of ["5002", "5003", "999999", "abc", "-1"]) {
      const answer = await submit(PROVIDER_USER, { intent: "preferredLocation", shopId });
      expect(answer).toMatchObject({ status: 400, data: { result: { error: { shopId: ["Field is required"] } } } });
    }
    expect(await preferences()).toEqual([]);
  });

  it("stores the chosen shop's id and its name from the database, then redirects back with the success message", async () => {
    const answer = await submit(PROVIDER_USER, { intent: "preferredLocation", shopId: "5001", shopName: "Forged name" });
    expect(answer.redirect).toBe("/settings");
    expect(answer.setCookie).toMatch(/^__portal_flash=/);
    expect(await preferences()).toEqual([{ userId: "u-provider", prefKey: "preferredLocation", prefValue: { shopId: 5001, shopName: "Zeta Body Shop" } }]);
    const page = await loader(loaderArgs(pageRequest("/settings", await signedInCookie(PROVIDER_USER))));
    expect(page.location.current).toEqual({ shopId: 5001, shopName: "Zeta Body Shop" });
  });

  it("stores a known time zone, refuses an unknown one, and 'Browser default' removes the setting", async () => {
    const refused = await submit(POWER_USER, { intent: "timeZone", timeZone: "Mars/Olympus_Mons" });
    expect(refused).toMatchObject({ status: 400, data: { intent: "timeZone", result: { error: { timeZone: ["Please choose a time zone from the list"] } } } });
    expect(await preferences()).toEqual([]);

    expect((await submit(POWER_USER, { intent: "timeZone", timeZone: "Europe/Berlin" })).redirect).toBe("/settings");
    expect(await preferences()).toEqual([{ userId: "u-power", prefKey: "timeZone", prefValue: "Europe/Berlin" }]);
    const page = await loader(loaderArgs(pageRequest("/settings", await signedInCookie(POWER_USER))));
    expect(page.timeZone).toMatchObject({ inUse: "Europe/Berlin", source: "preference" });

    expect((await submit(POWER_USER, { intent: "timeZone", timeZone: "" })).redirect).toBe("/settings");
    expect(await preferences()).toEqual([]);
    expect(await auditRows()).toEqual([
      { actor: "power", action: "savePreference", entity: "userPreference", entityId: "u-power/timeZone", before: null, after: "Europe/Berlin" },
      { actor: "power", action: "savePreference", entity: "userPreference", entityId: "u-power/timeZone", before: "Europe/Berlin", after: null },
    ]);
  });

  it("refuses a form it does not know", async () => {
    const answer = await submit(POWER_USER, { intent: "somethingElse" });
    expect(answer).toMatchObject({ status: 400, data: { intent: null } });
    expect(await preferences()).toEqual([]);
  });

  it("sends a signed-out visitor to sign in, writing nothing", async () => {
    const request = formRequest("/settings", "", { intent: "preferredLocation", shopId: "5001" });
    const thrown = await action(actionArgs(request)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login?returnTo=%2Fsettings");
    expect(await preferences()).toEqual([]);
  });
});
