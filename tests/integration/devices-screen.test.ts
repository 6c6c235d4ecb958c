import { describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNTS, REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import { GRID_ACTION_MESSAGES } from "~/grid/grid-actions.server";
import type { GridView } from "~/grid/grid-view";
import { cellDateTime } from "~/lib/date-format";
import type { DeviceDetail } from "~/modules/devices/detail";
import { DEVICE_MESSAGES } from "~/modules/devices/device-messages";
import { DEVICES_LOAD_FAILURE_LOG } from "~/modules/devices/grid-module.server";
import { action as gridAction, loader as gridLoader } from "~/routes/_shell.admin.devices";
import { loader as csvLoader } from "~/routes/admin.devices[.]csv";
import { answered, type ActionAnswer } from "../support/action-answer";
import { parseCsv } from "../support/csv-text";
import { testDialects } from "../support/databases";
import { demoUsers } from "../support/demo-claims";
import { openGridLoader, viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, formRequest, loaderArgs, pageRequest } from "../support/signed-in-request";

/**
 * The Devices screen called as route functions on seeded demo data, on SQLite and PostgreSQL: the
 * grid and its filters, the expanded row with History, the CSV, and the trust actions (DeRegister
 * soft, Delete hard): the page permission on every action whatever the URL says, trust=Y needed,
 * the confirmation first, the stale refusal, a double submit acting once, bad input refused.
 */
type View = GridView<DeviceDetail>;
const PATH = "/admin/devices";
const TRUSTED = `${PATH}?trust=Y`;
const ZONE = "UTC";

const refusalLines = (answer: ActionAnswer) => Object.values((answer.body as { result: { error: Record<string, string[]> } }).result.error).flat();

describe.each(testDialects)("the Devices screen on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 200, signedIn: demoUsers("admin", "power", "provider", "portal"), timeZone: ZONE });
  const view = (login: string, path: string) => viewGridLoader<View>(gridLoader, cookies[login], path);
  const rowOf = (id: number) => db().selectFrom("deviceRegistrations").selectAll().where("registrationId", "=", id).executeTakeFirst();
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
  const activeDevices = (count: number) =>
    db().selectFrom("deviceRegistrations").selectAll().where("isActive", "=", 1).orderBy("registrationId").limit(count).execute();
  const act = (login: string, path: string, intent: string, row: string, fields: [string, string][]) =>
    answered(() => gridAction(actionArgs(formRequest(path, cookies[login], [["intent", intent], ["row", row], ["returnTo", path], ...fields]))));

  it("the demo gives page devices to admin and power only", () => {
    const roles = REQUIRED_ROLES_FOR_PAGES.find((page) => page.pageName === "devices")?.requiredRoles ?? [];
    const withPage = DEMO_ACCOUNTS.filter((demo) => demo.roles.some((role) => roles.includes(role))).map((demo) => demo.login);
    expect(withPage.sort()).toEqual(["admin", "power"]);
  });

  it("lists every registration last modified first, 20 a page, grayed when inactive", async () => {
    const all = await db().selectFrom("deviceRegistrations").selectAll().orderBy("lastModifiedDateTime", "desc").orderBy("registrationId", "desc").execute();
    expect(all.length).toBeGreaterThan(20);
    const page = await view("power", PATH);
    expect(page.total).toBe(all.length);
    expect(page.state).toMatchObject({ sort: "lastModifiedDateTime", dir: "desc", size: 20, page: 1 });
    expect(page.rows.map((row) => row.id)).toEqual(all.slice(0, 20).map((row) => String(row.registrationId)));
    const first = all[0];
    expect(page.rows[0].cells).toMatchObject({
      serialNo: first.serialNo,
      status: first.isActive === 1 ? "Active" : "Inactive",
      lastModifiedDateTime: cellDateTime(first.lastModifiedDateTime, ZONE),
    });
    expect(page.rows[0].actionFields).toEqual({ version: String(first.rowVersion) });
    expect(page.rows.every((row) => row.muted === (row.cells.status === "Inactive"))).toBe(true);
    expect(page.actions?.sort()).toEqual(["deleteDevice", "deregisterDevice"]);
  });

  it("filters ids exactly, texts contain, status; a digits filter with letters is dropped with a message", async () => {
    const all = await db().selectFrom("deviceRegistrations").selectAll().execute();
    const some = all[5];
    expect((await view("power", `${PATH}?registrationId=${some.registrationId}`)).rows.map((row) => row.id)).toEqual([String(some.registrationId)]);
    const byShop = await view("power", `${PATH}?shopId=${some.shopId}&size=50`);
    expect(byShop.total).toBe(all.filter((row) => row.shopId === some.shopId).length);
    const inactive = await view("power", `${PATH}?status=Inactive&size=50`);
    expect(inactive.total).toBe(all.filter((row) => row.isActive === 0).length);
    expect(inactive.total).toBeGreaterThan(0);
    const needle = some.serialNo.slice(-5).toLowerCase();
    expect((await view("power", `${PATH}?serialNo=${needle}`)).total).toBe(all.filter((row) => row.serialNo.toLowerCase().includes(needle)).length);
    const letters = await openGridLoader<View>(gridLoader, cookies.power, `${PATH}?shopId=12a4`);
    expect(letters).toMatchObject({ status: 302, location: PATH });
    expect("correctedLines" in letters && letters.correctedLines.join(" ")).toMatch(/Shop Id/);
  });

  it("expands a row into its details and History", async () => {
    const [device] = await activeDevices(1);
    const page = await view("power", `${PATH}?registrationId=${device.registrationId}&expanded=${device.registrationId}`);
    expect(page.detail).toMatchObject({ registrationId: device.registrationId, serialNo: device.serialNo, status: "Active", history: [] });
    expect((await view("power", `${PATH}?expanded=99999999`)).detail).toBeNull();
  });

  it("exports every matching registration as CSV", async () => {
    const response = (await csvLoader(loaderArgs(pageRequest(`${PATH}.csv?status=Active&cols=registrationId,serialNo,status`, cookies.power)))) as Response;
    expect(response.status).toBe(200);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    const active = await db().selectFrom("deviceRegistrations").select("registrationId").where("isActive", "=", 1).execute();
    expect(rows.length).toBe(active.length + 1);
    expect(rows.slice(1).every((row) => row[2] === "Active")).toBe(true);
  });

  it("users without page devices get the 404 page from the page, the export and every action, trust=Y or not; nothing is written", async () => {
    const [device] = await activeDevices(1);
    const before = await auditCount();
    for (const login of ["provider", "portal"]) {
      expect(await openGridLoader<View>(gridLoader, cookies[login], PATH).catch((thrown: Response) => ({ status: thrown.status }))).toMatchObject({
        status: 404,
      });
      expect(await answered(() => csvLoader(loaderArgs(pageRequest(`${PATH}.csv`, cookies[login]))))).toMatchObject({ status: 404 });
      for (const intent of ["deregisterDevice", "deleteDevice"]) {
        for (const path of [PATH, TRUSTED]) {
          const fields: [string, string][] = [
            ["version", String(device.rowVersion)],
            ["confirmed", "yes"],
          ];
          expect((await act(login, path, intent, String(device.registrationId), fields)).status, `${login} ${intent} ${path}`).toBe(404);
        }
      }
    }
    expect(await rowOf(device.registrationId)).toEqual(device);
    expect(await auditCount()).toBe(before);
  });

  it("refuses trust actions without trust=Y, forged or unknown ids and bad versions with a message, writing nothing", async () => {
    const [device] = await activeDevices(1);
    const id = String(device.registrationId);
    const version: [string, string] = ["version", String(device.rowVersion)];
    const before = await auditCount();
    const cases: Array<[string, string, [string, string][], string]> = [
      [PATH, id, [version, ["confirmed", "yes"]], GRID_ACTION_MESSAGES.notShown],
      [`${PATH}?trust=N`, id, [version, ["confirmed", "yes"]], GRID_ACTION_MESSAGES.notShown],
      [TRUSTED, "<1>", [version], GRID_ACTION_MESSAGES.badRow],
      [TRUSTED, "abc", [version], GRID_ACTION_MESSAGES.notInScope],
      [TRUSTED, "99999999", [version], GRID_ACTION_MESSAGES.notInScope],
      [TRUSTED, id, [["version", "x1"]], DEVICE_MESSAGES.badVersion],
      [TRUSTED, id, [], DEVICE_MESSAGES.badVersion],
    ];
    for (const intent of ["deregisterDevice", "deleteDevice"]) {
      for (const [path, row, fields, message] of cases) {
        const answer = await act("admin", path, intent, row, fields);
        expect(answer.status, `${intent} ${path} ${row} ${JSON.stringify(fields)}`).toBe(400);
        expect(refusalLines(answer)).toContain(message);
      }
    }
    expect(await rowOf(device.registrationId)).toEqual(device);
    expect(await auditCount()).toBe(before);
  });

  it("DeRegister asks first, then makes the registration Inactive with an audit row; a double submit acts once", async () => {
    const [, device] = await activeDevices(2);
    const id = String(device.registrationId);
    const form: [string, string][] = [["version", String(device.rowVersion)]];
    const asked = await act("power", TRUSTED, "deregisterDevice", id, form);
    expect(asked.body).toMatchObject({ kind: "confirm", intent: "deregisterDevice", rows: [`${id} · ${device.serialNo}`] });
    expect(await rowOf(device.registrationId)).toEqual(device);

    const before = await auditCount();
    const confirmed = await act("power", TRUSTED, "deregisterDevice", id, [...form, ["confirmed", "yes"]]);
    expect(confirmed).toMatchObject({ status: 302, location: TRUSTED, popUp: DEVICE_MESSAGES.deregistered(device.registrationId) });
    const after = await rowOf(device.registrationId);
    expect(after).toMatchObject({ isActive: 0, modifiedUserId: "power", rowVersion: device.rowVersion + 1 });
    expect(await auditCount()).toBe(before + 1);

    const again = await act("power", TRUSTED, "deregisterDevice", id, [...form, ["confirmed", "yes"]]);
    expect(again.popUp?.message).toMatch(/^This device registration was changed by power at /);
    expect(await rowOf(device.registrationId)).toEqual(after);
    expect(await auditCount()).toBe(before + 1);

    const page = await view("power", `${PATH}?registrationId=${id}&expanded=${id}`);
    expect(page.rows[0]).toMatchObject({ muted: true, cells: { status: "Inactive" } });
    expect(page.detail?.history).toHaveLength(1);
    expect(page.detail?.history[0]).toMatchObject({ actor: "power", action: "deregisterDevice" });
    expect(page.detail?.history[0].changes).toContainEqual({ field: "Status", before: "Active", after: "Inactive" });

    const current: [string, string][] = [
      ["version", String(after?.rowVersion)],
      ["confirmed", "yes"],
    ];
    const inactive = await act("power", TRUSTED, "deregisterDevice", id, current);
    expect(inactive.status).toBe(400);
    expect(refusalLines(inactive)).toContain(DEVICE_MESSAGES.alreadyInactive);
    expect(await auditCount()).toBe(before + 1);
  });

  it("Delete asks first, then removes the registration with an audit row; the list no longer has it; a double submit acts once", async () => {
    const [, , device] = await activeDevices(3);
    const id = String(device.registrationId);
    const form: [string, string][] = [["version", String(device.rowVersion)]];
    expect((await act("admin", TRUSTED, "deleteDevice", id, form)).body).toMatchObject({ kind: "confirm", intent: "deleteDevice" });
    expect(await rowOf(device.registrationId)).toEqual(device);
    const before = await auditCount();
    const deleted = await act("admin", TRUSTED, "deleteDevice", id, [...form, ["confirmed", "yes"]]);
    expect(deleted).toMatchObject({ status: 302, location: TRUSTED, popUp: DEVICE_MESSAGES.deleted(device.registrationId) });
    expect(await rowOf(device.registrationId)).toBeUndefined();
    expect(await auditCount()).toBe(before + 1);
    const audit = await db().selectFrom("auditLog").selectAll().where("entity", "=", "deviceRegistration").where("entityId", "=", id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: "admin", action: "deleteDevice", afterValue: null });
    expect((await view("admin", `${PATH}?registrationId=${id}`)).total).toBe(0);

    const again = await act("admin", TRUSTED, "deleteDevice", id, [...form, ["confirmed", "yes"]]);
    expect(again.status).toBe(400);
    expect(refusalLines(again)).toContain(GRID_ACTION_MESSAGES.notInScope);
    expect(await auditCount()).toBe(before + 1);
  });

  it("refuses DeRegister and Delete of a registration another admin changed since it was read, naming who", async () => {
    const [, , , device] = await activeDevices(4);
    const id = String(device.registrationId);
    const stale: [string, string][] = [
      ["version", String(device.rowVersion)],
      ["confirmed", "yes"],
    ];
    await db()
      .updateTable("deviceRegistrations")
      .set({ nickname: "Changed elsewhere", rowVersion: device.rowVersion + 1 })
      .where("registrationId", "=", device.registrationId)
      .execute();
    const changed = await rowOf(device.registrationId);
    const before = await auditCount();
    for (const intent of ["deregisterDevice", "deleteDevice"]) {
      const answer = await act("admin", TRUSTED, intent, id, stale);
      expect(answer.popUp).toEqual({ title: "Fail", message: DEVICE_MESSAGES.changed });
    }
    expect(await rowOf(device.registrationId)).toEqual(changed);
    expect(await auditCount()).toBe(before);
  });

  it("only logs and empties the table when the registrations cannot be read (spec §8)", async () => {
    await view("power", PATH);
    const written = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    await db().schema.alterTable("device_registrations").renameTo("device_registrations_away").execute();
    try {
      const page = await view("power", `${PATH}?status=Active`);
      expect(page).toMatchObject({ rows: [], total: 0 });
      const logged = written.mock.calls.map(([line]) => String(line)).filter((line) => line.includes(DEVICES_LOAD_FAILURE_LOG));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('"level":"error"');
    } finally {
      written.mockRestore();
      await db().schema.alterTable("device_registrations_away").renameTo("device_registrations").execute();
    }
    expect((await view("power", `${PATH}?status=Active`)).total).toBeGreaterThan(0);
  });
});
