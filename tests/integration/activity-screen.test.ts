import { beforeEach, describe, expect, it } from "vitest";
import { auditedTransaction, recordAudit, type AuditEntry } from "~/db/audit-log.server";
import type { GridView } from "~/grid/grid-view";
import { cellDateTime, formatInstant } from "~/lib/date-format";
import type { ActivityEventDetail } from "~/modules/activity/event-detail";
import { ADMIN_TABS } from "~/modules/admin/admin-tabs";
import { verifyAuditChain } from "~/modules/audit/verify-chain.server";
import { loader as activityLoader } from "~/routes/_shell.admin.activity";
import { loader as configurationLoader } from "~/routes/_shell.admin.configuration";
import { loader as devicesLoader, action as devicesAction } from "~/routes/_shell.admin.devices";
import { loader as errorLogLoader } from "~/routes/_shell.admin.feedbackError";
import { loader as providersLoader } from "~/routes/_shell.admin.providers";
import { loader as etlLoader } from "~/routes/_shell.admin.redshiftETLDashboard";
import { loader as registrationsLoader } from "~/routes/_shell.admin.shopRegistration";
import { loader as userRolesLoader } from "~/routes/_shell.admin.userroles";
import { loader as transactionLoader } from "~/routes/_shell.transactions_.$id";
import { loader as csvLoader } from "~/routes/admin.activity[.]csv";
import { answered } from "../support/action-answer";
import { parseCsv } from "../support/csv-text";
import { testDialects } from "../support/databases";
import { demoClaims, demoUsers } from "../support/demo-claims";
import { openGridLoader, viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, formRequest, loaderArgs, pageRequest } from "../support/signed-in-request";

/**
 * The Activity screen (issue 29) called as route functions on seeded demo data, on SQLite and
 * PostgreSQL: newest first by cursor, every filter and the date range, the expanded row's change
 * (secrets never) and its record's link, the CSV of the filtered events, a change made on an admin
 * screen at the top, and the page permission on the page and the export.
 */
type View = GridView<ActivityEventDetail>;
const PATH = "/admin/activity";
const ZONE = "UTC";
const MINUTE = 60_000;

describe.each(testDialects)("the Activity screen on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 120, signedIn: demoUsers("admin", "power", "provider", "portal"), timeZone: ZONE });
  const view = (login: string, path: string) => viewGridLoader<View>(activityLoader, cookies[login], path);
  const write = (entry: Partial<AuditEntry> & Pick<AuditEntry, "at">) =>
    auditedTransaction((trx) =>
      recordAudit(trx, { actor: "power", action: "updateEtlVariable", entity: "etlVariable", entityId: "1", before: null, after: null, ...entry }),
    );
  const ids = async () =>
    (await db().selectFrom("auditLog").select(["id", "at"]).orderBy("at", "desc").orderBy("id", "desc").execute()).map((row) => String(row.id));

  beforeEach(async () => {
    await db().deleteFrom("auditLog").execute();
  });

  it("is the admin area's last tab", () => {
    expect(ADMIN_TABS.at(-1)).toEqual({ page: "activity", label: "Activity", to: PATH });
  });

  it("lists the events newest first, 20 a page, by cursor forward and back, without counting them", async () => {
    const now = Date.now();
    for (let index = 0; index < 27; index++) await write({ actor: `user${index % 3}`, entityId: String(index), at: new Date(now - index * MINUTE) });
    // Two events at the same instant: the newer id first.
    await write({ actor: "twin", entityId: "a", at: new Date(now - 5 * MINUTE) });
    const expected = await ids();
    expect(expected).toHaveLength(28);
    const first = await view("power", PATH);
    expect(first.state).toMatchObject({ sort: "at", dir: "desc", size: 20 });
    expect(first.total).toBeNull();
    expect(first.rows.map((row) => row.id)).toEqual(expected.slice(0, 20));
    expect(first.rows[0].cells).toMatchObject({ actor: "user0", entity: "ETL variable", entityId: "0", action: "Update ETL variable", outcome: "Done" });
    const newest = await db().selectFrom("auditLog").select("at").where("id", "=", Number(expected[0])).executeTakeFirstOrThrow();
    expect(first.rows[0].cells.at).toBe(cellDateTime(newest.at, ZONE));
    expect(first.cursor?.next).toBeTruthy();
    const second = await view("power", `${PATH}?cursor=${first.cursor?.next}`);
    expect(second.rows.map((row) => row.id)).toEqual(expected.slice(20));
    expect(second.cursor?.next).toBeNull();
    expect(second.cursor?.previous).toEqual({ cursor: null });
    const oldestFirst = await view("power", `${PATH}?dir=asc`);
    expect(oldestFirst.rows.map((row) => row.id)).toEqual([...expected].reverse().slice(0, 20));
  });

  it("filters by who (its beginning), kind of record, record id, action, outcome and the date range (the last 7 days by default)", async () => {
    const now = Date.now();
    await write({ actor: "admin", action: "deleteDevice", entity: "deviceRegistration", entityId: "17", at: new Date(now - MINUTE) });
    await write({ actor: "power", action: "changeRoles", entity: "user", entityId: "00uabc", at: new Date(now - 2 * MINUTE) });
    await write({ actor: "power", action: "deleteDevice", entity: "deviceRegistration", entityId: "170", at: new Date(now - 3 * MINUTE), outcome: "refused" });
    await write({ actor: "mallory", action: "signIn", entity: "user", entityId: null, at: new Date(now - 4 * MINUTE), outcome: "failed" });
    await write({ actor: "admin", action: "updateProvider", entity: "provider", entityId: "1001", at: new Date(now - 10 * 24 * 60 * MINUTE) });
    const cases: Array<[string, number]> = [
      ["", 4],
      ["actor=pow", 2],
      ["actor=POWER", 0],
      ["entity=deviceRegistration", 2],
      ["entityId=17", 2],
      ["entityId=170", 1],
      ["action=deleteDevice", 2],
      ["outcome=refused", 1],
      ["outcome=failed", 1],
      ["outcome=done", 2],
      ["actor=admin&entity=deviceRegistration", 1],
      ["from=2020-01-01", 5],
    ];
    for (const [query, count] of cases) {
      const page = await view("power", query ? `${PATH}?${query}` : PATH);
      expect(page.rows.length, query).toBe(count);
    }
    const failed = await view("power", `${PATH}?outcome=failed`);
    expect(failed.rows[0].cells).toMatchObject({ actor: "mallory", action: "Sign-in", outcome: "Failed", entityId: "" });
    // A value no select offers is dropped by the canonical redirect, never a 500.
    const bad = await openGridLoader<View>(activityLoader, cookies.power, `${PATH}?outcome=maybe&entity=%00`);
    expect(bad).toMatchObject({ status: 302, location: PATH });
  });

  it("expands an event into its change field by field, with ENCRYPT values hidden on both sides, and its record's link while the record exists", async () => {
    const now = Date.now();
    const device = await db().selectFrom("deviceRegistrations").select(["registrationId"]).orderBy("registrationId").executeTakeFirstOrThrow();
    const deviceId = String(device.registrationId);
    await write({
      action: "deregisterDevice",
      entity: "deviceRegistration",
      entityId: deviceId,
      before: { status: "Active", serialNo: "SN1", lastModifiedDateTime: "2026-11-30T04:30:23.397Z" },
      after: { status: "Inactive", serialNo: "SN1", lastModifiedDateTime: "2026-11-30T16:05:00.000Z" },
      at: new Date(now - MINUTE),
    });
    await write({
      actor: "admin",
      action: "updateConfiguration",
      entity: "configuration",
      entityId: "999999",
      before: { configKey: "API", configValueType: "ENCRYPT", configValue: "••••••••" },
      after: { configKey: "API", configValueType: "STRING", configValue: "now-plain-secret" },
      at: new Date(now - 2 * MINUTE),
    });
    await write({
      action: "deleteDevice",
      entity: "deviceRegistration",
      entityId: "99999999",
      before: { serialNo: "gone" },
      after: null,
      at: new Date(now - 3 * MINUTE),
    });
    const [deregistered, configuration, gone] = await ids();

    const one = await view("power", `${PATH}?expanded=${deregistered}`);
    expect(one.detail).toMatchObject({ actor: "power", action: "DeRegister device", entity: "Device registration", entityId: deviceId, outcome: "Done" });
    // An instant is written in the viewer's zone, as a detail view writes it.
    expect(one.detail?.changes).toEqual([
      { field: "Status", before: "Active", after: "Inactive" },
      {
        field: "Last Modified Date",
        before: formatInstant("2026-11-30T04:30:23.397Z", ZONE, "detail"),
        after: formatInstant("2026-11-30T16:05:00.000Z", ZONE, "detail"),
      },
    ]);
    expect(one.detail?.changes[1].before).toMatch(/^30-Nov-2026 04:30:23 AM$/);
    expect(one.detail?.link).toEqual({ href: `/admin/devices?registrationId=${deviceId}&expanded=${deviceId}`, label: "Open on Devices" });

    const secret = await view("power", `${PATH}?expanded=${configuration}`);
    expect(secret.detail?.changes).toContainEqual({ field: "Value", before: "(hidden)", after: "(hidden)" });
    expect(secret.detail?.changes).toContainEqual({ field: "Value Type", before: "ENCRYPT", after: "STRING" });
    expect(JSON.stringify(secret)).not.toContain("now-plain-secret");
    // No configuration 999999: no link.
    expect(secret.detail?.link).toBeNull();

    const deleted = await view("power", `${PATH}?expanded=${gone}`);
    expect(deleted.detail?.changes).toEqual([{ field: "Serial No", before: "gone", after: "—" }]);
    expect(deleted.detail?.link).toBeNull();
    expect((await view("power", `${PATH}?expanded=12345678`)).detail).toBeNull();
  });

  it("links each kind of record to its own screen with the record's row on the page and expanded, or to its detail view", async () => {
    const first = <T>(rows: T[]): T => {
      expect(rows.length).toBeGreaterThan(0);
      return rows[0];
    };
    const portal = demoClaims("portal");
    const provider = first(
      await db().selectFrom("providers").select("providerId").where("version", "=", "2.0").where("providerCd", "!=", "AHMC").limit(1).execute(),
    );
    const configuration = first(await db().selectFrom("configurations").select("configId").limit(1).execute());
    const registration = first(await db().selectFrom("shopRegistrations").select("id").orderBy("id").limit(1).execute());
    const device = first(await db().selectFrom("deviceRegistrations").select("registrationId").limit(1).execute());
    const variable = first(await db().selectFrom("etlVariables").select("varId").limit(1).execute());
    const request = first(await db().selectFrom("scanRequests").select("scanRequestId").where("providerId", "=", 1001).limit(1).execute());
    const error = first(await db().selectFrom("errorRecords").select("errorId").orderBy("createdDate").limit(1).execute());
    type Loader = Parameters<typeof viewGridLoader>[0];
    const targets: Array<[string, string, Loader | null]> = [
      ["user", portal.id, userRolesLoader],
      ["provider", String(provider.providerId), providersLoader],
      ["configuration", String(configuration.configId), configurationLoader],
      ["shopRegistration", String(registration.id), registrationsLoader],
      ["deviceRegistration", String(device.registrationId), devicesLoader],
      ["etlVariable", String(variable.varId), etlLoader],
      ["error_records", String(error.errorId), errorLogLoader],
      ["scan_requests", String(request.scanRequestId), null],
    ];
    for (const [index, [entity, entityId]] of targets.entries()) await write({ entity, entityId, at: new Date(Date.now() - index * MINUTE) });
    const events = await ids();
    expect(events).toHaveLength(targets.length);
    for (const [index, [entity, entityId, loader]] of targets.entries()) {
      const link = (await view("admin", `${PATH}?expanded=${events[index]}`)).detail?.link;
      expect(link, entity).toBeTruthy();
      if (!link) continue;
      if (loader === null) {
        expect(link.href).toBe(`/transactions/${entityId}`);
        const page = await transactionLoader({ ...loaderArgs(pageRequest(link.href, cookies.admin)), params: { id: entityId } });
        expect(page, entity).toBeTruthy();
        continue;
      }
      const target = await viewGridLoader<GridView<unknown>>(loader, cookies.admin, link.href);
      expect(target.state.expanded, entity).toBe(entityId);
      expect(target.detail, entity).not.toBeNull();
      expect(
        target.rows.some((row) => row.id === entityId),
        `${entity}: the expanded row is on the page ${link.href} opens`,
      ).toBe(true);
    }
  });

  it("shows a change made on an admin screen at the top, with its author and its diff; the chain still holds", async () => {
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
    const answer = await answered(() => devicesAction(actionArgs(formRequest(trusted, cookies.admin, fields))));
    expect(answer.status).toBe(302);
    const page = await view("power", PATH);
    expect(page.rows[0].cells).toMatchObject({ actor: "admin", entity: "Device registration", entityId: id, action: "DeRegister device", outcome: "Done" });
    const detail = (await view("power", `${PATH}?expanded=${page.rows[0].id}`)).detail;
    expect(detail?.changes).toContainEqual({ field: "Status", before: "Active", after: "Inactive" });
    expect(await verifyAuditChain()).toMatchObject({ broken: null });
  });

  it("exports the filtered events as CSV, in the visible columns", async () => {
    const now = Date.now();
    await write({ actor: "admin", action: "deleteDevice", entity: "deviceRegistration", entityId: "=cmd()", at: new Date(now - MINUTE) });
    await write({ actor: "power", action: "changeRoles", entity: "user", entityId: "u1", at: new Date(now - 2 * MINUTE) });
    await write({ actor: "admin", action: "changeRoles", entity: "user", entityId: "u2", at: new Date(now - 3 * MINUTE), outcome: "refused" });
    const response = (await csvLoader(loaderArgs(pageRequest(`${PATH}.csv?actor=admin&cols=actor,entityId,action,outcome`, cookies.power)))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment/);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(rows).toEqual([
      ["Who", "Record Id", "Action", "Outcome"],
      ["admin", "'=cmd()", "Delete device", "Done"],
      ["admin", "u2", "Change roles", "Refused"],
    ]);
  });

  it("gives the provider and the portal user the 404 page from the page, an expanded event and the export; admin and power open them", async () => {
    await write({ at: new Date() });
    const [event] = await ids();
    for (const login of ["provider", "portal"]) {
      for (const path of [PATH, `${PATH}?expanded=${event}`, `${PATH}?outcome=refused`]) {
        const refused = await openGridLoader<View>(activityLoader, cookies[login], path).catch((thrown: Response) => ({ status: thrown.status }));
        expect(refused, `${login} ${path}`).toMatchObject({ status: 404 });
      }
      expect(await answered(() => csvLoader(loaderArgs(pageRequest(`${PATH}.csv`, cookies[login]))))).toMatchObject({ status: 404 });
    }
    for (const login of ["admin", "power"]) {
      expect((await view(login, PATH)).rows.map((row) => row.id)).toEqual([event]);
      const response = (await csvLoader(loaderArgs(pageRequest(`${PATH}.csv`, cookies[login])))) as Response;
      expect(response.status).toBe(200);
      // Read to its end: an export holds its database connection until then.
      expect(parseCsv((await response.text()).replace(/^\uFEFF/, ""))).toHaveLength(2);
    }
  });
});
