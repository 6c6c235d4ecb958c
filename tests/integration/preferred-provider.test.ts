import { describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { loader as errorLogLoader } from "~/routes/_shell.admin.feedbackError";
import { loader as adoptionLoader } from "~/routes/_shell.dashboard.adoptionReport";
import { loader as kpiLoader } from "~/routes/_shell.dashboard.kpi";
import { testDialects } from "../support/databases";
import { openGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { signedInCookie } from "../support/signed-in-request";

/**
 * One preferred provider (issue 25 item 5, decision 0065): the provider chosen last on a screen
 * that chooses one (the KPI Dashboard, the Adoption report) is what a bare address of those and
 * of the Feedbacks/Errors log opens on; a bare address never writes an older provider back.
 */
const ADMIN: UserClaims = {
  id: "u-pp-admin",
  login: "pp-admin",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const PROVIDER: UserClaims = { ...ADMIN, id: "u-pp-provider", login: "pp-provider", roles: ["DIP_PORTAL", "DIP_PROVIDER"], companyId: 1001 };

describe.each(testDialects)("the preferred provider on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 300, signedIn: { provider: PROVIDER } });
  let users = 0;
  /** A staff user of each test's own, so no test starts on another's preference or remembered query. */
  const staffCookie = async () => {
    users += 1;
    const user = { ...ADMIN, id: `u-pp-admin-${users}`, login: `pp-admin-${users}` };
    return { id: user.id, cookie: await signedInCookie(user) };
  };
  const where = async (loader: Parameters<typeof openGridLoader>[0], cookie: string, path: string) => {
    const answer = await openGridLoader(loader, cookie, path);
    return "view" in answer ? "page" : `${answer.status} ${answer.location}`;
  };
  const stored = async (userId: string) =>
    (
      await db()
        .selectFrom("userPreferences")
        .select("prefValue")
        .where("userId", "=", userId)
        .where("prefKey", "=", PREFERENCE_KEYS.preferredProvider)
        .executeTakeFirst()
    )?.prefValue ?? null;

  it("opens the report, on a bare address, on the provider chosen on the dashboard after it, with the report's own months, and writes nothing back", async () => {
    const { id, cookie } = await staffCookie();
    expect(await where(adoptionLoader, cookie, "/dashboard/adoptionReport?provider=1001&months=6-10")).toBe("page");
    expect(await stored(id)).toBe("1001");
    expect(await where(kpiLoader, cookie, "/dashboard/kpi?provider=1002")).toBe("page");
    expect(await stored(id)).toBe("1002");

    expect(await where(adoptionLoader, cookie, "/dashboard/adoptionReport")).toBe("302 /dashboard/adoptionReport?provider=1002&months=6-10");
    expect(await where(adoptionLoader, cookie, "/dashboard/adoptionReport?provider=1002&months=6-10")).toBe("page");
    expect(await stored(id)).toBe("1002");
    expect(await where(errorLogLoader, cookie, "/admin/feedbackError")).toBe("302 /admin/feedbackError?providerId=1002");
    expect(await where(kpiLoader, cookie, "/dashboard/kpi")).toBe("302 /dashboard/kpi?provider=1002");
  });

  it("opens the dashboard and the log on the provider chosen on the report; the log keeps the rest of its own query", async () => {
    const { id, cookie } = await staffCookie();
    expect(await where(errorLogLoader, cookie, "/admin/feedbackError?providerId=1002&errorType=WARN")).toBe("page");
    expect(await stored(id)).toBeNull();
    expect(await where(adoptionLoader, cookie, "/dashboard/adoptionReport?provider=1001")).toBe("page");
    expect(await stored(id)).toBe("1001");
    expect(await where(kpiLoader, cookie, "/dashboard/kpi")).toBe("302 /dashboard/kpi?provider=1001");
    expect(await where(errorLogLoader, cookie, "/admin/feedbackError")).toBe("302 /admin/feedbackError?providerId=1001&errorType=WARN");
  });

  it("forgets the provider when all providers are chosen: the report then asks for one and the log opens on its own query", async () => {
    const { id, cookie } = await staffCookie();
    expect(await where(adoptionLoader, cookie, "/dashboard/adoptionReport?provider=1001&months=6-10")).toBe("page");
    expect(await where(errorLogLoader, cookie, "/admin/feedbackError?errorType=WARN")).toBe("page");
    expect(await where(kpiLoader, cookie, "/dashboard/kpi?provider=all")).toBe("page");
    expect(await stored(id)).toBeNull();
    // The report's own remembered query holds no provider, so its older one does not come back.
    expect(await where(adoptionLoader, cookie, "/dashboard/adoptionReport")).toBe("302 /dashboard/adoptionReport?months=6-10");
    expect(await where(adoptionLoader, cookie, "/dashboard/adoptionReport?months=6-10")).toBe("page");
    expect(await stored(id)).toBeNull();
    expect(await where(errorLogLoader, cookie, "/admin/feedbackError")).toBe("302 /admin/feedbackError?errorType=WARN");
    expect(await where(kpiLoader, cookie, "/dashboard/kpi")).toBe("302 /dashboard/kpi?provider=all");
  });

  it("reads and stores nothing for a provider-only user, whose provider is their own everywhere", async () => {
    expect(await where(kpiLoader, cookies.provider, "/dashboard/kpi?provider=1002")).toBe("302 /dashboard/kpi?provider=1001");
    expect(await where(adoptionLoader, cookies.provider, "/dashboard/adoptionReport?provider=1001")).toBe("page");
    expect(await stored(PROVIDER.id)).toBeNull();
  });
});
