import { beforeAll, describe, expect, it } from "vitest";
import { REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import { REQUIRED_ROLES_KEY } from "~/auth/require-page.server";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import { BULK_ROLES_OFFER } from "~/modules/applications/grid";
import { BULK_FIELDS } from "~/modules/user-roles/bulk-assignment";
import { loader as adminLoader } from "~/routes/_shell.admin";
import { loader as adminIndexLoader } from "~/routes/_shell.admin._index";
import { loader as applicationsLoader } from "~/routes/_shell.admin.applications";
import { action as applicationsBulkAction, loader as applicationsBulkLoader } from "~/routes/_shell.admin.applications_.assign";
import { loader as configurationLoader } from "~/routes/_shell.admin.configuration";
import { loader as userRolesLoader } from "~/routes/_shell.admin.userroles";
import { testDialects } from "../support/databases";
import { demoClaims } from "../support/demo-claims";
import { loaderData, viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, formRequest, loaderArgs, pageRequest } from "../support/signed-in-request";
import { thrownStatus } from "../support/thrown-status";

/**
 * The admin tabs by what a user may open (issue 12): every built screen for the admin and the power
 * account, only the granted ones for a user whose roles give some admin pages, /admin sending each
 * to their first tab; and Applications' Available Actions only with DIP_POWER or DIP_ADMIN.
 */
const ALL_TABS = [
  "User Roles",
  "Applications",
  "Providers",
  "Configurations",
  "Shop Registrations",
  "Devices",
  "Feedbacks/Errors",
  "Redshift ETL Dashboard",
  "Activity",
];
const user = (name: string, roles: string[]): UserClaims => ({
  id: `u-tabs-${name}`,
  login: `tabs-${name}`,
  firstName: null,
  lastName: null,
  email: null,
  roles,
  companyId: null,
});
/** Roles of this test only, granted some admin pages in REQUIRED_ROLES_FOR_PAGES below. */
const CONFIG_ONLY = user("config", ["DIP_PORTAL", "TABS_CONFIG"]);
const TWO_SCREENS = user("two", ["DIP_PORTAL", "TABS_TWO"]);
/** May open Applications (a STAFF role) without DIP_POWER or DIP_ADMIN. */
const CCC_ADMIN = user("ccc", ["DIP_PORTAL", "CCC_Admin"]);

describe.each(testDialects)("the admin tabs on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, {
    scale: 60,
    signedIn: { admin: demoClaims("admin"), power: demoClaims("power"), config: CONFIG_ONLY, two: TWO_SCREENS, ccc: CCC_ADMIN },
  });
  beforeAll(async () => {
    const grant: Record<string, string[]> = { admin: ["TABS_CONFIG", "TABS_TWO"], configuration: ["TABS_CONFIG", "TABS_TWO"], providers: ["TABS_TWO"] };
    const pages = REQUIRED_ROLES_FOR_PAGES.map((page) => ({
      pageName: page.pageName,
      requiredRoles: [...page.requiredRoles, ...(grant[page.pageName] ?? [])],
    }));
    const updated = await db()
      .updateTable("configurations")
      .set({ configValue: JSON.stringify(pages) })
      .where("configKey", "=", REQUIRED_ROLES_KEY)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBeGreaterThan(0);
  });

  const tabsOf = async (login: string) => {
    const data = loaderData(await adminLoader(loaderArgs(pageRequest("/admin/configuration", cookies[login])))) as {
      tabs: Array<{ label: string; to: string }>;
    };
    return data.tabs;
  };
  const firstTabOf = async (login: string) => {
    const thrown = await adminIndexLoader(loaderArgs(pageRequest("/admin", cookies[login]))).catch((answer: unknown) => answer);
    return thrown instanceof Response ? thrown.headers.get("Location") : null;
  };

  it("shows the admin and the power account every built screen, and /admin opens User Roles", async () => {
    for (const login of ["admin", "power"]) {
      expect(
        (await tabsOf(login)).map((tab) => tab.label),
        login,
      ).toEqual(ALL_TABS);
      expect(await firstTabOf(login), login).toBe("/admin/userroles");
    }
  });

  it("shows a user who holds only some admin pages only those tabs, and /admin opens the first of them", async () => {
    expect(await tabsOf("config")).toEqual([{ label: "Configurations", to: "/admin/configuration" }]);
    expect(await firstTabOf("config")).toBe("/admin/configuration");
    expect((await tabsOf("two")).map((tab) => tab.label)).toEqual(["Providers", "Configurations"]);
    expect(await firstTabOf("two")).toBe("/admin/providers");
    // The screens behind the tabs agree: the granted one opens, the others are the 404 page.
    expect(await viewGridLoader<GridView<unknown>>(configurationLoader, cookies.config, "/admin/configuration")).toMatchObject({ rows: expect.any(Array) });
    expect(await thrownStatus(() => userRolesLoader(loaderArgs(pageRequest("/admin/userroles", cookies.config))))).toBe(404);
    expect(await thrownStatus(() => applicationsLoader(loaderArgs(pageRequest("/admin/applications", cookies.two))))).toBe(404);
  });

  it("gives Applications' Available Actions only to DIP_POWER or DIP_ADMIN: a CCC_Admin sees the list without them and the assignment is refused", async () => {
    const power = await viewGridLoader<GridView<unknown>>(applicationsLoader, cookies.power, "/admin/applications");
    expect(power.offers?.[BULK_ROLES_OFFER]).toBe(true);
    const ccc = await viewGridLoader<GridView<unknown>>(applicationsLoader, cookies.ccc, "/admin/applications");
    expect(ccc.rows.length).toBeGreaterThan(0);
    expect(ccc.offers?.[BULK_ROLES_OFFER]).toBe(false);
    expect(ccc.actions ?? []).toEqual([]);

    const app = await db().selectFrom("applications").select(["id", "userId"]).where("userId", "is not", null).orderBy("id").executeTakeFirstOrThrow();
    const rolesBefore = await db().selectFrom("users").select(["id", "dloedrprole", "lastUpdated"]).orderBy("id").execute();
    const audits = async () =>
      Number(
        (
          await db()
            .selectFrom("auditLog")
            // Changes written: the refused assignment is an event of its own (decision 0087), asserted below.
            .where("outcome", "=", "done")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const auditsBefore = await audits();
    expect(await thrownStatus(() => applicationsBulkLoader(loaderArgs(pageRequest(`/admin/applications/assign?ids=${app.id}`, cookies.ccc))))).toBe(404);
    const fields: [string, string][] = [
      [BULK_FIELDS.ids, app.id],
      [BULK_FIELDS.token, "x".repeat(43)],
      [BULK_FIELDS.back, "/admin/applications"],
      [BULK_FIELDS.roles, "DIP_ADMIN"],
    ];
    expect(await thrownStatus(() => applicationsBulkAction(actionArgs(formRequest("/admin/applications/assign", cookies.ccc, fields))))).toBe(404);
    expect(await db().selectFrom("users").select(["id", "dloedrprole", "lastUpdated"]).orderBy("id").execute()).toEqual(rolesBefore);
    expect(await audits()).toBe(auditsBefore);
    const refusal = await db().selectFrom("auditLog").selectAll().where("outcome", "=", "refused").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(refusal).toMatchObject({ actor: "tabs-ccc", action: "assignApplicationRoles", entity: "user", entityId: null });
  });
});
