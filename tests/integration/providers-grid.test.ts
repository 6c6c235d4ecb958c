import { describe, expect, it } from "vitest";
import { takeFlash } from "~/auth/flash.server";
import type { UserClaims } from "~/auth/user-claims";
import type { SignedIn } from "~/auth/user-session.server";
import type { GridView } from "~/grid/grid-view";
import { providersGridModule } from "~/modules/providers/grid-module.server";
import { providerChoices } from "~/modules/providers/provider-choices.server";
import type { ProviderDetail } from "~/modules/providers/provider-detail";
import { PROVIDER_SAVE_MESSAGES } from "~/modules/providers/save-provider.server";
import { testDialects } from "../support/databases";
import { loaderData } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { TEST_ORIGIN } from "../support/signed-in-request";

/**
 * The Providers grid module (issue 13; its screen comes next): the listed providers (version 2.0,
 * not AHMC) newest change first with filters, a row's details, and the detail form's Save, which
 * needs changingProviderData.
 */
const ADMIN: UserClaims = {
  id: "u-pg-admin",
  login: "pg-admin",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const POWER: UserClaims = { ...ADMIN, id: "u-pg-power", login: "pg-power", roles: ["DIP_PORTAL", "DIP_POWER"] };
const signedIn = (user: UserClaims): SignedIn => ({ sessionId: `s-${user.id}`, user });

describe.each(testDialects)("the Providers grid module on %s", (dialect) => {
  const { db } = setUpSeededPortal(dialect, { scale: 200, signedIn: { admin: ADMIN, power: POWER } });

  const view = async (user: UserClaims, query: string) =>
    loaderData(await providersGridModule.loadPage(new Request(`${TEST_ORIGIN}/admin/providers${query}`), signedIn(user))) as GridView<ProviderDetail>;

  it("lists the version 2.0 providers but AHMC, newest change first, and filters them", async () => {
    const listed = (
      await db().selectFrom("providers").select(["providerId", "updatedDateTime"]).where("version", "=", "2.0").where("providerCd", "!=", "AHMC").execute()
    ).sort((a, b) => (a.updatedDateTime === b.updatedDateTime ? b.providerId - a.providerId : a.updatedDateTime < b.updatedDateTime ? 1 : -1));
    expect(listed.length).toBeGreaterThan(3);
    const page = await view(ADMIN, "?size=50");
    expect(page.total).toBe(listed.length);
    expect(page.rows.map((row) => Number(row.id))).toEqual(listed.map((row) => row.providerId));
    const name = page.rows[0].cells.providerName;
    const byName = await view(ADMIN, `?providerName=${encodeURIComponent(name.slice(1, 6).toLowerCase())}`);
    expect(byName.rows.map((row) => row.cells.providerName)).toContain(name);
    for (const row of byName.rows) expect(row.cells.providerName.toLowerCase()).toContain(name.slice(1, 6).toLowerCase());
    const active = await view(ADMIN, "?status=Active&size=50");
    expect(active.rows.length).toBeGreaterThan(0);
    for (const row of active.rows) expect(row.cells.status).toBe("Active");
  });

  it("expands a provider into every field, its routings and billing rule; saving needs changingProviderData and its version", async () => {
    const first = (await view(ADMIN, "?size=10")).rows[0];
    const page = await view(ADMIN, `?size=10&expanded=${first.id}`);
    const detail = page.detail;
    if (!detail) throw new Error("expected the details");
    expect(detail).toMatchObject({ providerId: Number(first.id), providerName: first.cells.providerName, version: 1, providerVersion: "2.0" });
    expect(detail.createdDateTime).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2} [AP]M$/);
    expect(page.actions).toEqual(["saveProvider"]);
    expect((await view(POWER, "?size=10")).actions).toEqual([]);

    const rule = detail.billingRule ? (await providerChoices()).billingRules.find((candidate) => candidate.ruleId === detail.billingRule?.ruleId) : undefined;
    const form = (rowVersion: number) => {
      const body = new URLSearchParams([
        ["intent", "saveProvider"],
        ["row", first.id],
        ["returnTo", "/admin/providers"],
        ["rowVersion", String(rowVersion)],
        ["providerName", `${detail.providerName} (renamed)`],
        ["providerType", detail.providerType],
        ["providerCd", detail.providerCd],
        ["version", detail.providerVersion],
        ["isActive", "on"],
        ...detail.vehicleMakes.map((make): [string, string] => ["vehicleMakes", make]),
        ...detail.scanTypes.map((type): [string, string] => ["scanTypes", type]),
        // Every parameter of the rule needs a value above 0: the stored one, or 1 where the demo data has none.
        ...(rule?.params ?? []).map(({ paramName }): [string, string] => [
          `billingValues.${paramName}`,
          String(detail.billingRule?.paramValues[paramName] ?? 1),
        ]),
        ...(detail.billingRule ? [["billingRuleId", detail.billingRule.ruleId] as [string, string]] : []),
      ]);
      return new Request(`${TEST_ORIGIN}/admin/providers`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      });
    };
    const refused = loaderData(await providersGridModule.act(form(detail.version), signedIn(POWER)));
    expect(JSON.stringify(refused)).toContain("You do not have permission to do this.");

    const saved = (await providersGridModule.act(form(detail.version), signedIn(ADMIN))) as Response;
    const popUp = (await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: (saved.headers.get("Set-Cookie") ?? "").split(";")[0] } }))).flash;
    expect(popUp).toMatchObject(PROVIDER_SAVE_MESSAGES.updated);
    const after = (await view(ADMIN, `?size=10&expanded=${first.id}`)).detail;
    expect(after).toMatchObject({ providerName: `${detail.providerName} (renamed)`, version: 2 });
    expect(after?.history[0]).toMatchObject({
      actor: "pg-admin",
      changes: expect.arrayContaining([{ field: "Provider Name", before: detail.providerName, after: `${detail.providerName} (renamed)` }]),
    });

    const stale = (await providersGridModule.act(form(detail.version), signedIn(ADMIN))) as Response;
    const conflict = (await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: (stale.headers.get("Set-Cookie") ?? "").split(";")[0] } }))).flash;
    expect(conflict?.message).toMatch(/changed by pg-admin at /);
  });
});
