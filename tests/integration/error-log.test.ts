import { describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import { getFileStorage } from "~/integrations/file-storage.server";
import type { ErrorRecordDetail } from "~/modules/error-log/error-detail";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { loader as gridLoader } from "~/routes/_shell.admin.feedbackError";
import { loader as fileLoader } from "~/routes/admin.feedbackError.$errorId.files.$fileId";
import { testDialects } from "../support/databases";
import { openGridLoader, viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { loaderArgs, pageRequest, signedInCookie } from "../support/signed-in-request";
import { thrownStatus } from "../support/thrown-status";

/**
 * Feedbacks/Errors (issue 14): the page permission, the filters and the date range, a record's
 * files previewed by kind, the file route's content types (never HTML inline, never another
 * record's file), and the start on the preferred provider.
 */
const ADMIN: UserClaims = {
  id: "u-el-admin",
  login: "el-admin",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const PROVIDER: UserClaims = { ...ADMIN, id: "u-el-provider", login: "el-provider", roles: ["DIP_PORTAL", "DIP_PROVIDER"], companyId: 1001 };
const WIDE = "from=2020-01-01&to=2030-12-31&tz=UTC";

type View = GridView<ErrorRecordDetail>;

describe.each(testDialects)("Feedbacks/Errors on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 300, signedIn: { admin: ADMIN, provider: PROVIDER }, fileStorage: true });
  const view = (path: string) => viewGridLoader<View>(gridLoader, cookies.admin, path);
  const file = (errorId: number, fileId: number, download = false) =>
    fileLoader({
      ...loaderArgs(pageRequest(`/admin/feedbackError/${errorId}/files/${fileId}${download ? "?download=1" : ""}`, cookies.admin)),
      params: { errorId: String(errorId), fileId: String(fileId) },
    }) as Promise<Response>;

  it("is for staff with the page: a provider user gets the 404 page, and so do the files", async () => {
    expect(await thrownStatus(() => gridLoader(loaderArgs(pageRequest("/admin/feedbackError", cookies.provider))))).toBe(404);
    const any = await db().selectFrom("errorFiles").select(["id", "errorId"]).executeTakeFirstOrThrow();
    const request = pageRequest(`/admin/feedbackError/${any.errorId}/files/${any.id}`, cookies.provider);
    expect(await thrownStatus(() => fileLoader({ ...loaderArgs(request), params: { errorId: String(any.errorId), fileId: String(any.id) } }))).toBe(404);
  });

  it("filters by type, origin and provider within the date range, newest first", async () => {
    const all = await db().selectFrom("errorRecords").select(["errorId", "errorType", "errorOrigin", "providerId"]).execute();
    const origin = "CLIENT";
    const expected = all.filter((row) => row.errorType === "ERROR" && row.errorOrigin === origin).length;
    expect(expected).toBeGreaterThan(0);
    const page = await view(`/admin/feedbackError?${WIDE}&errorType=ERROR&errorOrigin=${origin}&size=50`);
    expect(page.total).toBe(expected);
    expect(page.rows.length).toBeGreaterThan(0);
    for (const row of page.rows) expect([row.cells.errorType, row.cells.errorOrigin]).toEqual(["ERROR", origin]);
    const provider = all[0].providerId ?? 0;
    const byProvider = await view(`/admin/feedbackError?${WIDE}&providerId=${provider}&size=50`);
    expect(byProvider.total).toBe(all.filter((row) => row.providerId === provider).length);
    const none = await view(`/admin/feedbackError?from=2019-01-01&to=2019-01-02&tz=UTC`);
    expect(none.total).toBe(0);
  });

  it("lists the range's records sorted by created date without a shop or provider filter, where the spec's original skipped the query (decision 0068)", async () => {
    const count = await db()
      .selectFrom("errorRecords")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(0);
    const page = await view(`/admin/feedbackError?${WIDE}&sort=createdDate&dir=desc&size=50`);
    expect(page.state.filters).toEqual({});
    expect(page.total).toBe(Number(count.n));
    expect(page.rows.length).toBe(Math.min(50, Number(count.n)));
  });

  it("previews an image as a picture, a log as text, and serves each file by its kind; another record's file is the 404 page", async () => {
    const files = await db().selectFrom("errorFiles").selectAll().execute();
    const image = files.find((row) => row.fileName.endsWith(".png"));
    const log = files.find((row) => row.fileName.endsWith(".log"));
    if (!image || !log) throw new Error("the demo data has an image and a log file");
    const expanded = await view(`/admin/feedbackError?${WIDE}&errorId=${image.errorId}&expanded=${image.errorId}&file=${image.id}`);
    expect(expanded.detail?.files.map((entry) => entry.fileName)).toContain(image.fileName);
    expect(expanded.detail?.preview).toMatchObject({ kind: "image", src: `/admin/feedbackError/${image.errorId}/files/${image.id}` });
    const text = await view(`/admin/feedbackError?${WIDE}&errorId=${log.errorId}&expanded=${log.errorId}&file=${log.id}`);
    expect(text.detail?.preview).toMatchObject({ kind: "text", cut: false });
    expect(text.detail?.preview?.kind === "text" ? text.detail.preview.text : "").toContain("[");

    const png = await file(image.errorId, image.id);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect(png.headers.get("Content-Disposition")).toMatch(/^inline;/);
    const logFile = await file(log.errorId, log.id);
    expect(logFile.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect((await file(log.errorId, log.id, true)).headers.get("Content-Disposition")).toMatch(/^attachment; filename="/);
    const other = files.find((row) => row.errorId !== image.errorId);
    if (!other) throw new Error("the demo data has files of several records");
    expect(await thrownStatus(() => file(image.errorId, other.id))).toBe(404);
  });

  it("never shows HTML or SVG inline, and cuts a long text preview at 256 KiB with a note", async () => {
    const record = await db().selectFrom("errorRecords").select(["errorId"]).orderBy("errorId", "desc").executeTakeFirstOrThrow();
    await getFileStorage().put("errors/test/page.html", "<script>alert(1)</script>");
    await getFileStorage().put("errors/test/big.log", "x".repeat(300 * 1024));
    const inserted = await db()
      .insertInto("errorFiles")
      .values([
        { errorId: record.errorId, fileName: "page.html", contentType: "text/html", storageKey: "errors/test/page.html" },
        { errorId: record.errorId, fileName: "icon.svg", contentType: "image/svg+xml", storageKey: "errors/test/page.html" },
        { errorId: record.errorId, fileName: "big.log", contentType: "text/plain", storageKey: "errors/test/big.log" },
      ])
      .returning("id")
      .execute();
    const [html, svg, big] = inserted.map((row) => row.id);
    for (const id of [html, svg]) {
      const response = await file(record.errorId, id);
      expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    }
    const preview = (await view(`/admin/feedbackError?${WIDE}&errorId=${record.errorId}&expanded=${record.errorId}&file=${big}`)).detail?.preview;
    expect(preview).toMatchObject({ kind: "text", cut: true });
    expect(preview?.kind === "text" ? preview.text.length : 0).toBe(256 * 1024);
    expect((await view(`/admin/feedbackError?${WIDE}&errorId=${record.errorId}&expanded=${record.errorId}&file=${html}`)).detail?.preview).toMatchObject({
      kind: "download",
    });
  });

  it("starts on the user's preferred provider when nothing else is asked or remembered", async () => {
    const user: UserClaims = { ...ADMIN, id: "u-el-preferring", login: "el-preferring" };
    const cookie = await signedInCookie(user);
    const at = new Date().toISOString();
    await db()
      .insertInto("userPreferences")
      .values({ userId: user.id, prefKey: PREFERENCE_KEYS.preferredProvider, prefValue: JSON.stringify(1002), updatedAt: at })
      .execute();
    const first = await openGridLoader<View>(gridLoader, cookie, "/admin/feedbackError");
    expect(first).toMatchObject({ status: 302, location: "/admin/feedbackError?providerId=1002" });
    const asked = await openGridLoader<View>(gridLoader, cookie, "/admin/feedbackError?errorType=WARN");
    expect("view" in asked).toBe(true);
  });
});
