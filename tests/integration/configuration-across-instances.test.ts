import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "../support/http-browser";
import { serverTargets, startPortalOn, type PortalOn } from "../support/portal-server-on";
import { signInAs } from "../support/portal-sign-in";
import { startServer, type RunningServer } from "../support/server-process";

/**
 * A configuration change is seen by the next request on every instance (decision 0024): the
 * production server, and on PostgreSQL a second instance on the same database behind the same
 * public origin. Nothing is kept beyond a request, so no instance answers from an old value.
 */
describe.each(serverTargets)("a configuration change on %s", (target) => {
  let portal: PortalOn;
  let second: RunningServer | null = null;
  let admin: Browser;
  let instances: string[];

  const setValue = (configKey: string, configValue: string) =>
    portal.database.db.updateTable("configurations").set({ configValue }).where("configKey", "=", configKey).execute();

  beforeAll(async () => {
    portal = await startPortalOn(target);
    instances = [portal.base];
    if (target === "postgres") {
      // Behind a load balancer: the same database, files, session secret and public origin.
      second = await startServer({ ...portal.env, PUBLIC_URL: portal.base });
      instances.push(second.url);
    }
    admin = (await signInAs(portal.base, "admin")).browser;
  }, 240_000);

  afterAll(async () => {
    await second?.stop();
    await portal?.stop();
  });

  async function homeOn(instance: string): Promise<string> {
    const response = await admin.get(`${instance}/home`);
    expect(response.status).toBe(200);
    return response.text();
  }

  it("is seen by the next request on every instance", async () => {
    for (const instance of instances) expect(await homeOn(instance)).toContain("CCC Diagnostics Support: 1-800-555-0142");
    await setValue("CCC_SUPPORT_CONTACT_INFO", "Changed support line 1-800-555-0199");
    for (const instance of instances) {
      const page = await homeOn(instance);
      expect(page).toContain("Changed support line 1-800-555-0199");
      expect(page).not.toContain("1-800-555-0142");
    }
  });

  it("decides page access from the next request on, on every instance", async () => {
    for (const instance of instances) expect((await admin.get(`${instance}/transactions/scanResults`)).status).not.toBe(404);
    const entry = await portal.database.db
      .selectFrom("configurations")
      .select("configValue")
      .where("configKey", "=", "REQUIRED_ROLES_FOR_PAGES")
      .executeTakeFirstOrThrow();
    const pages = JSON.parse(entry.configValue ?? "[]") as Array<{ pageName: string; requiredRoles: string[] }>;
    await setValue(
      "REQUIRED_ROLES_FOR_PAGES",
      JSON.stringify(pages.map((page) => (page.pageName === "scanResults" ? { ...page, requiredRoles: ["DIP_POWER"] } : page))),
    );
    for (const instance of instances) expect((await admin.get(`${instance}/transactions/scanResults`)).status).toBe(404);
  });
});
