import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import { REQUIRED_ROLES_KEY } from "~/auth/require-page.server";
import type { UserClaims } from "~/auth/user-claims";
import { setDatabase } from "~/db/db.server";
import type { GridView } from "~/grid/grid-view";
import { isGridLoadFailure, type GridLoadFailure } from "~/grid/load-failure";
import { cellDateTime, formatInstant } from "~/lib/date-format";
import type { ApplicationDetail } from "~/modules/applications/detail";
import { loader as applicationsLoader } from "~/routes/_shell.admin.applications";
import { loader as applicationsCsv } from "~/routes/admin.applications[.]csv";
import { seedDatabase } from "../../seed/index.server";
import { parseCsv } from "../support/csv-text";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { loaderData, openGridLoader, viewGridLoader, type GridAnswer } from "../support/grid-loader";
import { loaderArgs, pageRequest, signedInCookie, useTestAuthSettings } from "../support/signed-in-request";
import { thrownStatus } from "../support/thrown-status";

/**
 * The Applications list (/admin/applications) and its CSV route, called as functions with a
 * signed-in request, on seeded demo data: what the database holds is worked out here on its own
 * and compared with what the list shows.
 */
type View = GridView<ApplicationDetail>;

const ZONE = "Asia/Kolkata";
const PATH = "/admin/applications";

/** Each test signs in as a staff user of its own, so no test opens the list on another's remembered query. */
function staff(name: string): UserClaims {
  return { id: `u-apps-${name}`, login: `apps-${name}`, firstName: null, lastName: null, email: null, roles: ["DIP_PORTAL", "DIP_POWER"], companyId: null };
}
const PROVIDER: UserClaims = { ...staff("provider"), roles: ["DIP_PORTAL", "DIP_PROVIDER"], companyId: 1001 };
const PORTAL_ONLY: UserClaims = { ...staff("portal"), roles: ["DIP_PORTAL"] };

/** An application whose newest version (by created time) has the lower id and the smaller version string. */
const PROBE = {
  id: "DIPAPP-PROBECURRENT",
  versions: [
    { id: 900_001, version: "10.0.0", createdDateTime: "2026-03-01T10:00:00.000Z" },
    { id: 900_002, version: "9.9.9", createdDateTime: "2026-02-01T10:00:00.000Z" },
  ],
  software: [
    { id: 900_001, name: "Zeta Driver", version: "1.0", createdDateTime: "2026-03-02T10:00:00.000Z" },
    { id: 900_002, name: "Alpha Tool", version: "2.0", createdDateTime: "2026-01-02T10:00:00.000Z" },
  ],
};

async function cookieOf(claims: UserClaims): Promise<string> {
  return `${await signedInCookie(claims)}; tz=${encodeURIComponent(ZONE)}`;
}

async function open(claims: UserClaims, path: string): Promise<GridAnswer<View | GridLoadFailure>> {
  return openGridLoader<View | GridLoadFailure>(applicationsLoader, await cookieOf(claims), path);
}

async function view(claims: UserClaims, path: string): Promise<View> {
  const page = await viewGridLoader<View | GridLoadFailure>(applicationsLoader, await cookieOf(claims), path);
  if (isGridLoadFailure(page)) throw new Error(`the list failed: ${page.loadFailure.message}`);
  return page;
}

async function csv(claims: UserClaims, path: string): Promise<string[][]> {
  const response = await applicationsCsv(loaderArgs(pageRequest(path, await cookieOf(claims))));
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Applications-\d{4}-\d{2}-\d{2}\.csv"$/);
  return parseCsv((await response.text()).replace(/^\uFEFF/, ""));
}

interface Reference {
  id: string;
  platform: string | null;
  userId: string | null;
  machineName: string | null;
  currentVersion: string | null;
}

describe.each(testDialects)("Applications list on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDatabase(t.database, { scale: 1500, dataDir: t.dataDir, demoPassword: "demo-portal" });
    const db = t.database.db;
    await db
      .insertInto("applications")
      .values({
        id: PROBE.id,
        userId: "999.probe",
        machineName: "PROBE-BAY1",
        macAddresses: JSON.stringify(["AA:BB:CC:DD:EE:01", "AA:BB:CC:DD:EE:02"]),
        platform: "ProbeOS 1",
        createdDateTime: "2026-01-01T10:00:00.000Z",
        lastModifiedDateTime: "2026-03-01T10:00:00.000Z",
      })
      .execute();
    await db
      .insertInto("applicationVersions")
      .values(PROBE.versions.map((version) => ({ ...version, applicationId: PROBE.id, createdByUser: "999.probe" })))
      .execute();
    await db
      .insertInto("applicationThirdPartySoftware")
      .values(PROBE.software.map((entry) => ({ ...entry, applicationId: PROBE.id })))
      .execute();
    setDatabase(t.database);
    useTestAuthSettings();
  }, 120_000);
  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  /** Every application in the list's default order (newest change first, then the id), by the database alone. */
  function byModified() {
    return t.database.db
      .selectFrom("applications")
      .select(["id", "createdDateTime", "lastModifiedDateTime"])
      .orderBy("lastModifiedDateTime", "desc")
      .orderBy("id", "desc")
      .execute();
  }

  /** Every application with its current version, worked out in JavaScript from all the versions. */
  async function reference(): Promise<Reference[]> {
    const db = t.database.db;
    const [applications, versions] = await Promise.all([
      db.selectFrom("applications").select(["id", "platform", "userId", "machineName"]).execute(),
      db.selectFrom("applicationVersions").select(["id", "applicationId", "version", "createdDateTime"]).execute(),
    ]);
    const newest = new Map<string, { version: string; at: number; id: number }>();
    for (const version of versions) {
      const at = Date.parse(version.createdDateTime);
      const known = newest.get(version.applicationId);
      if (!known || at > known.at || (at === known.at && version.id > known.id))
        newest.set(version.applicationId, { version: version.version, at, id: version.id });
    }
    return applications.map((application) => ({ ...application, currentVersion: newest.get(application.id)?.version ?? null }));
  }

  function matching(rows: readonly Reference[], text: string): Set<string> {
    const needle = text.toLowerCase();
    const fields = (row: Reference) => [row.id, row.platform, row.userId, row.machineName, row.currentVersion];
    return new Set(rows.filter((row) => fields(row).some((field) => field?.toLowerCase().includes(needle))).map((row) => row.id));
  }

  it("opens on the newest change first, 20 a page, with the real total", async () => {
    const user = staff("default");
    const page = await view(user, PATH);
    const expected = await byModified();
    expect(expected.length).toBeGreaterThan(40);
    expect(page.total).toBe(expected.length);
    expect(page.state).toMatchObject({
      sort: "lastModifiedDateTime",
      dir: "desc",
      size: 20,
      page: 1,
      cols: ["id", "createdDateTime", "lastModifiedDateTime", "currentVersion"],
    });
    expect(page.search).toBe("");
    expect(page.rows.map((row) => row.id)).toEqual(expected.slice(0, 20).map((row) => row.id));
    expect(page.rows[0].cells).toEqual({
      id: expected[0].id,
      createdDateTime: cellDateTime(expected[0].createdDateTime, ZONE),
      lastModifiedDateTime: cellDateTime(expected[0].lastModifiedDateTime, ZONE),
      currentVersion: expect.any(String),
    });

    const second = await view(user, `${PATH}?page=2`);
    expect(second.rows.map((row) => row.id)).toEqual(expected.slice(20, 40).map((row) => row.id));
    const oldestFirst = await view(user, `${PATH}?sort=createdDateTime&dir=asc&size=50`);
    const created = oldestFirst.rows.map((row) => Date.parse(expected.find((candidate) => candidate.id === row.id)?.createdDateTime ?? ""));
    expect(created.length).toBe(50);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    // The current version is not a sort key: the default order, said beside the list.
    expect(await open(user, `${PATH}?sort=currentVersion`)).toMatchObject({
      status: 302,
      location: PATH,
      correctedLines: [expect.stringContaining("cannot be sorted")],
    });
  });

  it("shows each application's newest version by created time as its current version", async () => {
    const user = staff("current");
    const known = new Map((await reference()).map((row) => [row.id, row.currentVersion ?? ""]));
    const page = await view(user, `${PATH}?size=50`);
    expect(page.rows.length).toBe(50);
    for (const row of page.rows) expect(row.cells.currentVersion, row.id).toBe(known.get(row.id));
    expect(page.rows.every((row) => row.cells.currentVersion !== "")).toBe(true);

    const probe = await view(user, `${PATH}?search=probecurrent`);
    expect(probe.rows.map((row) => [row.id, row.cells.currentVersion])).toEqual([[PROBE.id, "10.0.0"]]);
  });

  it("searches id, platform, user, machine and current version, ignoring case", async () => {
    const user = staff("search");
    const rows = await reference();
    const someId = rows.find((row) => row.id !== PROBE.id)?.id ?? "";
    const cases = [someId.slice(3, 12).toLowerCase(), "windows 11", "WINDOWS 11", "4.1.", "4.2.0", "probe-bay", "999.PROBE"];
    for (const text of cases) {
      const expected = matching(rows, text);
      expect(expected.size, text).toBeGreaterThan(0);
      const page = await view(user, `${PATH}?search=${encodeURIComponent(text)}&size=50`);
      expect(page.state.filters, text).toEqual({ search: [text] });
      expect(page.total, text).toBe(expected.size);
      expect(page.rows.length, text).toBe(Math.min(50, expected.size));
      expect(
        page.rows.every((row) => expected.has(row.id)),
        text,
      ).toBe(true);
    }
    expect(matching(rows, "windows 11").size).toBeLessThan(rows.length);

    // The words are matched as they are: LIKE's wildcards match nothing here.
    for (const text of ["%", "_", "4_1"]) expect((await view(user, `${PATH}?search=${encodeURIComponent(text)}`)).total, text).toBe(0);
    // Trimmed in the canonical URL; longer than 100 characters is dropped, visibly.
    expect(await open(user, `${PATH}?search=${encodeURIComponent("  Windows  ")}`)).toMatchObject({ status: 302, location: `${PATH}?search=Windows` });
    const tooLong = await open(user, `${PATH}?search=${"x".repeat(101)}`);
    expect(tooLong).toMatchObject({ status: 302, location: PATH, correctedLines: [expect.stringContaining("Search is at most 100 characters")] });
  });

  it("expands one row into its fields, its versions and its software, newest first", async () => {
    const user = staff("expand");
    const db = t.database.db;
    const busy = await db
      .selectFrom("applicationVersions")
      .select("applicationId")
      .groupBy("applicationId")
      .having((eb) => eb.fn.countAll(), ">=", 4)
      .orderBy("applicationId")
      .executeTakeFirstOrThrow();
    const id = busy.applicationId;
    const application = await db.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const versions = await db.selectFrom("applicationVersions").selectAll().where("applicationId", "=", id).execute();
    const software = await db.selectFrom("applicationThirdPartySoftware").selectAll().where("applicationId", "=", id).execute();
    const newestFirst = <Row extends { createdDateTime: string; id: number }>(rows: Row[]) =>
      [...rows].sort((a, b) => Date.parse(b.createdDateTime) - Date.parse(a.createdDateTime) || b.id - a.id);

    const page = await view(user, `${PATH}?search=${id}&expanded=${id}`);
    expect(page.state.expanded).toBe(id);
    const detail = page.detail;
    expect(detail).toEqual({
      id,
      platform: application.platform,
      machineName: application.machineName,
      macAddresses: JSON.parse(application.macAddresses) as string[],
      userId: application.userId,
      created: formatInstant(application.createdDateTime, ZONE, "detail"),
      modified: formatInstant(application.lastModifiedDateTime, ZONE, "detail"),
      versions: newestFirst(versions).map((entry) => ({
        version: entry.version,
        createdBy: entry.createdByUser ?? "",
        created: formatInstant(entry.createdDateTime, ZONE, "table"),
      })),
      software: newestFirst(software).map((entry) => ({
        name: entry.name,
        version: entry.version ?? "",
        created: formatInstant(entry.createdDateTime, ZONE, "table"),
      })),
    });
    expect(detail?.versions.length).toBeGreaterThanOrEqual(4);
    expect(detail?.software.length).toBeGreaterThan(0);
    // The first version is the one the row shows as current.
    expect(page.rows.find((row) => row.id === id)?.cells.currentVersion).toBe(detail?.versions[0].version);

    const probe = await view(user, `${PATH}?search=probecurrent&expanded=${PROBE.id}`);
    expect(probe.detail?.versions.map((entry) => entry.version)).toEqual(["10.0.0", "9.9.9"]);
    expect(probe.detail?.software.map((entry) => entry.name)).toEqual(["Zeta Driver", "Alpha Tool"]);
    expect(probe.detail?.macAddresses).toEqual(["AA:BB:CC:DD:EE:01", "AA:BB:CC:DD:EE:02"]);

    expect((await view(user, `${PATH}?expanded=DIPAPP-NOSUCHAPP`)).detail).toBeNull();
    expect(await open(user, `${PATH}?expanded=${encodeURIComponent("not an id!")}`)).toMatchObject({ status: 302, location: PATH });
  });

  it("exports every matching row in the visible columns, as the list shows them", async () => {
    const user = staff("csv");
    const all = await csv(user, `${PATH}.csv`);
    expect(all[0]).toEqual(["Id", `Created (${ZONE})`, `Modified (${ZONE})`, "Current Version"]);
    const page = await view(user, `${PATH}?size=50`);
    expect(all.length - 1).toBe(page.total);
    expect(all.slice(1, 51)).toEqual(
      page.rows.map((row) => [row.cells.id, row.cells.createdDateTime, row.cells.lastModifiedDateTime, row.cells.currentVersion]),
    );

    const search = "search=windows&cols=machineName,id,platform,currentVersion";
    const found = await view(user, `${PATH}?${search}&size=50`);
    expect(found.total).toBeGreaterThan(50);
    const records = await csv(user, `${PATH}.csv?${search}`);
    expect(records[0]).toEqual(["Machine Name", "Id", "Platform", "Current Version"]);
    expect(records.length - 1).toBe(found.total);
    expect(records.slice(1).every((record) => record[2].toLowerCase().includes("windows"))).toBe(true);
    expect(records.slice(1, 51)).toEqual(found.rows.map((row) => [row.cells.machineName, row.cells.id, row.cells.platform, row.cells.currentVersion]));
  });

  it("is not for a provider user or a portal-only user, page or export", async () => {
    expect(await thrownStatus(() => applicationsLoader(loaderArgs(pageRequest(PATH, ""))))).toBe(302);
    for (const claims of [PROVIDER, PORTAL_ONLY]) {
      const cookie = await cookieOf(claims);
      expect(await thrownStatus(() => applicationsLoader(loaderArgs(pageRequest(PATH, cookie)))), claims.login).toBe(404);
      expect(await thrownStatus(() => applicationsCsv(loaderArgs(pageRequest(`${PATH}.csv`, cookie)))), claims.login).toBe(404);
    }
  });

  describe("when the configuration names DIP_PROVIDER for the page", () => {
    beforeAll(async () => {
      const granted = REQUIRED_ROLES_FOR_PAGES.map((entry) =>
        entry.pageName === "applications" || entry.pageName === "admin" ? { ...entry, requiredRoles: [...entry.requiredRoles, "DIP_PROVIDER"] } : entry,
      );
      await t.database.db
        .updateTable("configurations")
        .set({ configValue: JSON.stringify(granted) })
        .where("configKey", "=", REQUIRED_ROLES_KEY)
        .execute();
    });
    afterAll(async () => {
      await t.database.db
        .updateTable("configurations")
        .set({ configValue: JSON.stringify(REQUIRED_ROLES_FOR_PAGES) })
        .where("configKey", "=", REQUIRED_ROLES_KEY)
        .execute();
    });

    it("still refuses a provider user: the admin area is never theirs", async () => {
      const cookie = await cookieOf(PROVIDER);
      expect(await thrownStatus(() => applicationsLoader(loaderArgs(pageRequest(PATH, cookie))))).toBe(404);
      expect(await thrownStatus(() => applicationsCsv(loaderArgs(pageRequest(`${PATH}.csv`, cookie))))).toBe(404);
    });
  });

  it("shows the spec's 'Fail' words in the list's place when the list cannot be read, and logs it", async () => {
    const user = staff("failure");
    const db = t.database.db;
    await view(user, PATH);
    const written = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    await db.schema.alterTable("application_versions").renameTo("application_versions_away").execute();
    try {
      const answer = await applicationsLoader(loaderArgs(pageRequest(`${PATH}?search=windows`, await cookieOf(user))));
      expect(loaderData(answer)).toEqual({ loadFailure: { title: "Fail", message: "Failed to get provider data from DB." } });
      const logged = written.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("Reading the Applications list failed"));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('"level":"error"');
    } finally {
      written.mockRestore();
      await db.schema.alterTable("application_versions_away").renameTo("application_versions").execute();
    }
    expect((await view(user, `${PATH}?search=windows`)).total).toBeGreaterThan(0);
  });
});
