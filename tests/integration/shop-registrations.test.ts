import { describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import type { RegistrationDetail } from "~/modules/shop-registrations/registration-detail";
import { loader as gridLoader } from "~/routes/_shell.admin.shopRegistration";
import { loader as csvLoader } from "~/routes/admin.shopRegistration[.]csv";
import { parseCsv } from "../support/csv-text";
import { testDialects } from "../support/databases";
import { viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { loaderArgs, pageRequest } from "../support/signed-in-request";

/** Shop Registrations (issue 14): the page permission, the filters, test shops grayed, a row enriched by its license number. */
const ADMIN: UserClaims = {
  id: "u-sr-admin",
  login: "sr-admin",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const PROVIDER: UserClaims = { ...ADMIN, id: "u-sr-provider", login: "sr-provider", roles: ["DIP_PORTAL", "DIP_PROVIDER"], companyId: 1001 };

type View = GridView<RegistrationDetail>;

describe.each(testDialects)("Shop Registrations on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 200, signedIn: { admin: ADMIN, provider: PROVIDER } });
  const view = (path: string) => viewGridLoader<View>(gridLoader, cookies.admin, path);

  it("is for staff with the page: a provider user gets the 404 page", async () => {
    await expect(gridLoader(loaderArgs(pageRequest("/admin/shopRegistration", cookies.provider)))).rejects.toMatchObject({ status: 404 });
  });

  it("filters by license key (zero-padded), provider, test shop and status, and grays test shops", async () => {
    const registration = await db()
      .selectFrom("shopRegistrations")
      .select(["id", "licenseKey", "providerId"])
      .where("licenseKey", "like", "0%")
      .executeTakeFirstOrThrow();
    const unpadded = String(Number(registration.licenseKey));
    const byLicense = await view(`/admin/shopRegistration?licenseKey=${unpadded}&size=50`);
    expect(byLicense.rows.map((row) => row.id)).toContain(String(registration.id));
    for (const row of byLicense.rows) expect(row.cells.licenseKey).toBe(registration.licenseKey);

    const tests = await view("/admin/shopRegistration?isTest=Y&size=50");
    expect(tests.rows.length).toBeGreaterThan(0);
    for (const row of tests.rows) expect(row.muted).toBe(true);
    const real = await view("/admin/shopRegistration?isTest=N&size=50");
    for (const row of real.rows) expect(row.muted).toBeFalsy();

    const all = await db().selectFrom("shopRegistrations").select(["providerId", "isActive"]).execute();
    const byProvider = await view(`/admin/shopRegistration?provider=${registration.providerId}&active=Inactive`);
    expect(byProvider.total).toBe(all.filter((row) => row.providerId === registration.providerId && row.isActive === 0).length);
  });

  it("expands a registration with the shop record of its license number, and exports the same query", async () => {
    const registration = await db()
      .selectFrom("shopRegistrations")
      .select(["id", "licenseKey", "shopId"])
      .orderBy("lastModifiedDateTime", "desc")
      .executeTakeFirstOrThrow();
    const page = await view(`/admin/shopRegistration?expanded=${registration.id}`);
    expect(page.detail).toMatchObject({ id: registration.id, shop: { repairFacilityId: registration.shopId } });
    const csv = (await csvLoader(loaderArgs(pageRequest(`/admin/shopRegistration.csv?licenseKey=${registration.licenseKey}`, cookies.admin)))) as Response;
    const rows = parseCsv(await csv.text());
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[0]).toContain("License Key");
  });
});
