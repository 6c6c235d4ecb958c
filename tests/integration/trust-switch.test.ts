import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "~/auth/demo-access";
import type { GridDefinition } from "~/grid/definition";
import { actionsIn } from "~/grid/grid-actions";
import { GRID_ACTION_MESSAGES } from "~/grid/grid-actions.server";
import { exportHref, pageHref, sortHref } from "~/grid/grid-links";
import type { GridView } from "~/grid/grid-view";
import { devicesGrid } from "~/modules/devices/grid";
import { shopRegistrationsGrid } from "~/modules/shop-registrations/grid";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { action as devicesAction, loader as devicesLoader } from "~/routes/_shell.admin.devices";
import { action as registrationsAction, loader as registrationsLoader } from "~/routes/_shell.admin.shopRegistration";
import { answered } from "../support/action-answer";
import { testDialects } from "../support/databases";
import { demoUsers } from "../support/demo-claims";
import { openGridLoader, viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, formRequest } from "../support/signed-in-request";

/**
 * trust=Y acts only while the address says so (dashboards spec §2.4/§2.5; decision 0063), on the two
 * grids that have it, called as route functions on seeded demo data on SQLite and PostgreSQL: a
 * visit with it is remembered without it, so the bare grid URL (the admin tabs' link) brings back
 * the query without it and its rows offer no trust action; a query stored with it before is read
 * without it and rewritten; the export link leaves it behind while the page's own links keep it;
 * and a trust action posted to an address without it is refused, whatever its form says.
 */
type View = GridView<unknown>;
interface TrustGrid {
  definition: GridDefinition;
  loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  action: (args: ActionFunctionArgs) => Promise<unknown>;
  /** A filter of the grid and a value that matches rows of the demo data. */
  filter: string;
  /** The confirmed destructive action. */
  intent: string;
  table: "deviceRegistrations" | "shopRegistrations";
}

const GRIDS: TrustGrid[] = [
  { definition: devicesGrid, loader: devicesLoader, action: devicesAction, filter: "status=Active", intent: "deregisterDevice", table: "deviceRegistrations" },
  {
    definition: shopRegistrationsGrid,
    loader: registrationsLoader,
    action: registrationsAction,
    filter: "active=Active",
    intent: "deregisterShopRegistration",
    table: "shopRegistrations",
  },
];

const power = DEMO_ACCOUNTS.find((demo) => demo.login === "power");
if (!power) throw new Error("the demo data has no power user");

/** The trust actions a page offers its rows, as the grid renders them (data-grid.tsx). */
const rowActionsOf = (definition: GridDefinition, view: View) =>
  actionsIn(definition.actions, "row", view.actions ?? [], view.state.params).map((action) => action.intent);

describe.each(testDialects)("trust=Y on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 200, signedIn: demoUsers("power"), timeZone: "UTC" });

  const stored = async (definition: GridDefinition): Promise<unknown> => {
    const row = await db()
      .selectFrom("userPreferences")
      .select("prefValue")
      .where("userId", "=", power.id)
      .where("prefKey", "=", PREFERENCE_KEYS.gridFilters(definition.id))
      .executeTakeFirst();
    return row ? (JSON.parse(row.prefValue) as unknown) : undefined;
  };
  const store = (definition: GridDefinition, query: string) =>
    db()
      .insertInto("userPreferences")
      .values({ userId: power.id, prefKey: PREFERENCE_KEYS.gridFilters(definition.id), prefValue: JSON.stringify(query), updatedAt: new Date().toISOString() })
      .onConflict((conflict) => conflict.columns(["userId", "prefKey"]).doUpdateSet({ prefValue: JSON.stringify(query) }))
      .execute();

  describe.each(GRIDS)("on $definition.path", (grid) => {
    const path = grid.definition.path;

    it("is not remembered: after a visit with it the bare URL brings back the query without it, and no row offers a trust action", async () => {
      const trusted = await viewGridLoader<View>(grid.loader, cookies.power, `${path}?${grid.filter}&trust=Y`);
      expect(trusted.rows.length).toBeGreaterThan(0);
      expect(trusted.state.params).toEqual({ trust: "Y" });
      expect(rowActionsOf(grid.definition, trusted)).toContain(grid.intent);
      expect(await stored(grid.definition)).toBe(grid.filter);

      expect(await openGridLoader<View>(grid.loader, cookies.power, path)).toMatchObject({ status: 302, location: `${path}?${grid.filter}` });
      const bare = await viewGridLoader<View>(grid.loader, cookies.power, path);
      expect(bare.rows.length).toBeGreaterThan(0);
      expect(bare.state.params).toEqual({});
      expect(rowActionsOf(grid.definition, bare)).toEqual([]);
    });

    it("heals a query stored with it: read without it, then stored again without it", async () => {
      await store(grid.definition, `${grid.filter}&trust=Y&size=10`);
      expect(await openGridLoader<View>(grid.loader, cookies.power, path)).toMatchObject({ status: 302, location: `${path}?${grid.filter}&size=10` });
      const page = await viewGridLoader<View>(grid.loader, cookies.power, path);
      expect(rowActionsOf(grid.definition, page)).toEqual([]);
      expect(await stored(grid.definition)).toBe(`${grid.filter}&size=10`);

      // Nothing but the switch: the bare URL shows the defaults at once, and the empty query is stored.
      await store(grid.definition, "trust=Y");
      const defaults = await openGridLoader<View>(grid.loader, cookies.power, path);
      expect("view" in defaults && defaults.view.state.params).toEqual({});
      expect(await stored(grid.definition)).toBe("");
    });

    it("is kept by the page's own links while the address has it, and left out of its export", async () => {
      const view = await viewGridLoader<View>(grid.loader, cookies.power, `${path}?${grid.filter}&trust=Y&size=10`);
      expect(view.total ?? 0).toBeGreaterThan(10);
      const links = { definition: grid.definition, state: view.state, today: view.today };
      expect(pageHref(links, 2)).toMatch(/[?&]trust=Y(&|$)/);
      expect(sortHref(links, "lastModifiedDateTime")).toMatch(/[?&]trust=Y(&|$)/);
      expect(exportHref(grid.definition, view.search)).toBe(`${path}.csv?${grid.filter}&size=10`);
    });

    it("acts only when the request's own address says trust=Y, whatever the form's way back says", async () => {
      const view = await viewGridLoader<View>(grid.loader, cookies.power, `${path}?${grid.filter}&trust=Y`);
      const row = view.rows[0];
      expect(row).toBeDefined();
      const version = row.actionFields?.version ?? "";
      const fields: [string, string][] = [
        ["intent", grid.intent],
        ["row", row.id],
        ["version", version],
        ["confirmed", "yes"],
        ["returnTo", `${path}?trust=Y`],
      ];
      const before = await db().selectFrom(grid.table).selectAll().execute();
      for (const address of [path, `${path}?${grid.filter}`, `${path}?trust=y`, `${path}?trust=YES`]) {
        const answer = await answered(() => grid.action(actionArgs(formRequest(address, cookies.power, [...fields, ["trust", "Y"]]))));
        expect(answer.status, address).toBe(400);
        const lines = Object.values((answer.body as { result: { error: Record<string, string[]> } }).result.error).flat();
        expect(lines, address).toContain(GRID_ACTION_MESSAGES.notShown);
      }
      expect(await db().selectFrom(grid.table).selectAll().execute()).toEqual(before);
    });
  });
});
