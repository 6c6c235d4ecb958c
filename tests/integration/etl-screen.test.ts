import { describe, expect, it } from "vitest";
import { REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import { GRID_ACTION_MESSAGES } from "~/grid/grid-actions.server";
import type { GridView } from "~/grid/grid-view";
import { cellDateTime } from "~/lib/date-format";
import { deleteEtlVariables } from "~/modules/etl/delete-etl-variables.server";
import type { EtlDetail } from "~/modules/etl/detail";
import { ETL_MESSAGES, ETL_NOT_DELETED } from "~/modules/etl/etl-form";
import { forgetConfigurationReads } from "~/platform/configuration/configuration-values.server";
import { action as gridAction, loader as gridLoader } from "~/routes/_shell.admin.redshiftETLDashboard";
import { action as newAction, loader as newLoader } from "~/routes/_shell.admin.redshiftETLDashboard_.new";
import { loader as csvLoader } from "~/routes/admin.redshiftETLDashboard[.]csv";
import { answered, type ActionAnswer } from "../support/action-answer";
import { parseCsv } from "../support/csv-text";
import { testDialects } from "../support/databases";
import { demoClaims, demoUsers } from "../support/demo-claims";
import { loaderData, openGridLoader, viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, formRequest, loaderArgs, pageRequest } from "../support/signed-in-request";

/**
 * The Redshift ETL Dashboard called as route functions on seeded demo data, on SQLite and
 * PostgreSQL: the grid and its filters (ids and batch ids exact integers, text contains ignoring
 * case, hostile values), the expanded row, Save with trimming, nulls, 'No inputs' and the stale
 * check, Add New Etl Variable, Delete Etl Variable asking first, the CSV, and who may do what.
 */
type View = GridView<EtlDetail>;
const PATH = "/admin/redshiftETLDashboard";
const ZONE = "UTC";

const errorsOf = (answer: ActionAnswer) => (answer.body as { result: { error: Record<string, string[]> } }).result.error;
const FIELDS = ["varParentKey", "varParentVal", "varChildKey", "varChildVal", "etlJobName", "etlBatchId"] as const;

describe.each(testDialects)("the Redshift ETL Dashboard on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 200, signedIn: demoUsers("admin", "power", "provider", "portal"), timeZone: ZONE });
  const view = (login: string, path: string) => viewGridLoader<View>(gridLoader, cookies[login], path);
  const rowOf = (varId: number) => db().selectFrom("etlVariables").selectAll().where("varId", "=", varId).executeTakeFirst();
  const allRows = () => db().selectFrom("etlVariables").selectAll().orderBy("varId", "desc").execute();
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
  const etlCount = async () => (await allRows()).length;
  const detailOf = async (login: string, varId: number) => {
    const page = await view(login, `${PATH}?varId=${varId}&expanded=${varId}`);
    if (!page.detail) throw new Error(`no detail for ${varId}`);
    return page.detail;
  };
  const save = (login: string, varId: number | string, fields: [string, string][]) =>
    answered(() =>
      gridAction(actionArgs(formRequest(PATH, cookies[login], [["intent", "saveEtlVariable"], ["row", String(varId)], ["returnTo", PATH], ...fields]))),
    );
  /** A one-time token of the Add New Etl Variable page for this user ("none" when the page is not theirs). */
  const tokenFor = async (login: string) => {
    try {
      return (loaderData(await newLoader(loaderArgs(pageRequest(`${PATH}/new`, cookies[login])))) as { token: string }).token;
    } catch {
      return "none";
    }
  };
  const create = async (login: string, fields: [string, string][], token?: string) => {
    const formToken = token ?? (await tokenFor(login));
    return answered(() => newAction(actionArgs(formRequest(`${PATH}/new`, cookies[login], [["returnTo", PATH], ["token", formToken], ...fields]))));
  };
  const remove = (login: string, ids: readonly (number | string)[], confirmed: boolean) =>
    answered(() =>
      gridAction(
        actionArgs(
          formRequest(PATH, cookies[login], [
            ["intent", "deleteEtlVariables"],
            ["returnTo", PATH],
            ...(confirmed ? [["confirmed", "yes"] as [string, string]] : []),
            ...ids.map((id): [string, string] => ["ids", String(id)]),
          ]),
        ),
      ),
    );
  const allFields = (values: Partial<Record<(typeof FIELDS)[number], string>>): [string, string][] => FIELDS.map((name) => [name, values[name] ?? ""]);

  it("lists every variable newest first, 20 a page, with its dates in the table style", async () => {
    const all = await allRows();
    expect(all.length).toBe(40);
    const page = await view("power", PATH);
    expect(page.total).toBe(all.length);
    expect(page.state).toMatchObject({ sort: "varId", dir: "desc", size: 20, page: 1 });
    expect(page.rows.map((row) => row.id)).toEqual(all.slice(0, 20).map((row) => String(row.varId)));
    const first = all[0];
    expect(page.rows[0].cells).toMatchObject({
      varId: String(first.varId),
      varParentKey: first.varParentKey,
      varChildVal: first.varChildVal,
      etlJobName: first.etlJobName,
      etlBatchId: String(first.etlBatchId),
      lastUpdateDate: cellDateTime(first.lastUpdateDate, ZONE),
    });
  });

  it("filters Var Id and Batch Id as exact integers and the text fields as contains ignoring case", async () => {
    const all = await allRows();
    expect((await view("power", `${PATH}?varId=1`)).rows.map((row) => row.id)).toEqual(["1"]);
    const batch = all[0].etlBatchId;
    const byBatch = await view("power", `${PATH}?etlBatchId=${batch}&size=50`);
    expect(byBatch.total).toBe(all.filter((row) => row.etlBatchId === batch).length);
    expect(byBatch.total).toBe(5);
    // A part of a batch id is not the batch id.
    expect((await view("power", `${PATH}?etlBatchId=${String(batch).slice(0, 6)}`)).total).toBe(0);
    const byJob = await view("power", `${PATH}?etlJobName=QUOTES_DAI&size=50`);
    expect(byJob.total).toBe(all.filter((row) => row.etlJobName?.toLowerCase().includes("quotes_dai")).length);
    expect(byJob.total).toBeGreaterThan(0);
    const byChild = await view("power", `${PATH}?varChildKey=batch_size&varParentKey=job&size=50`);
    expect(byChild.total).toBe(8);
    expect((await view("power", `${PATH}?varChildVal=${encodeURIComponent("100%")}`)).total).toBe(0);
    const byUser = await view("power", `${PATH}?lastUpdateUser=ETL_SERV&size=50`);
    expect(byUser.total).toBe(all.filter((row) => row.lastUpdateUser === "etl_service").length);
  });

  it("corrects letters and over-long numbers in the numeric filters, and a batch id beyond the column matches nothing", async () => {
    for (const bad of ["varId=12a", "etlBatchId=abc", "varId=1234567890", "etlBatchId=12345678901"]) {
      expect(await openGridLoader<View>(gridLoader, cookies.power, `${PATH}?${bad}`), bad).toMatchObject({ status: 302, location: PATH });
    }
    expect((await view("power", `${PATH}?etlBatchId=9999999999`)).total).toBe(0);
    expect((await view("power", `${PATH}?varId=999999999`)).total).toBe(0);
    const forged = await view("power", `${PATH}?expanded=999999999`);
    expect(forged.detail ?? null).toBeNull();
  });

  it("adds a variable trimmed, empty fields as null, by the signed-in user, with the spec's message and an audit row", async () => {
    expect(loaderData(await newLoader(loaderArgs(pageRequest(`${PATH}/new?returnTo=${encodeURIComponent(`${PATH}?size=50`)}`, cookies.admin))))).toMatchObject({
      returnTo: `${PATH}?size=50`,
      token: expect.any(String),
    });
    expect(loaderData(await newLoader(loaderArgs(pageRequest(`${PATH}/new?returnTo=https://evil.example/`, cookies.admin))))).toMatchObject({ returnTo: PATH });
    const audits = await auditCount();
    const added = await create("admin", [
      ...allFields({ varParentKey: "  JOB  ", varParentVal: " it_new_job ", varChildKey: "  ", etlBatchId: " 42 " }),
      ["varId", "7"],
      ["version", "3"],
    ]);
    expect(added).toMatchObject({ status: 302, location: PATH, popUp: ETL_MESSAGES.added });
    const row = await db().selectFrom("etlVariables").selectAll().where("varParentVal", "=", "it_new_job").executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      varParentKey: "JOB",
      varChildKey: null,
      varChildVal: null,
      etlJobName: null,
      etlBatchId: 42,
      lastUpdateUser: "admin",
      rowVersion: 1,
    });
    expect(row.varId).toBeGreaterThan(40);
    expect(await auditCount()).toBe(audits + 1);
    expect((await rowOf(7))?.varParentVal).not.toBe("it_new_job");
  });

  it("adds once per form: the same form again gets the first answer, a forged or another user's token adds nothing", async () => {
    const token = await tokenFor("admin");
    const fields = allFields({ etlJobName: "it_twice" });
    const first = await create("admin", fields, token);
    const again = await create("admin", fields, token);
    expect(first.popUp).toEqual(ETL_MESSAGES.added);
    expect(again).toMatchObject({ status: 302, location: PATH, popUp: ETL_MESSAGES.added });
    expect(await db().selectFrom("etlVariables").select("varId").where("etlJobName", "=", "it_twice").execute()).toHaveLength(1);

    const before = await etlCount();
    for (const forged of ["", "x", "A".repeat(43), await tokenFor("power")]) {
      const answer = await create("admin", allFields({ etlJobName: "it_forged" }), forged);
      expect(answer.status).toBe(400);
      expect(errorsOf(answer)[""]).toEqual([ETL_MESSAGES.formNotIssued]);
    }
    // A refused form does not use its token up.
    const kept = await tokenFor("admin");
    expect(errorsOf(await create("admin", allFields({}), kept))[""]).toEqual([ETL_MESSAGES.noInputs]);
    expect((await create("admin", allFields({ etlJobName: "it_kept" }), kept)).popUp).toEqual(ETL_MESSAGES.added);
    expect(await etlCount()).toBe(before + 1);
  });

  it("refuses an add with no inputs, a batch id that is not a whole number or too big, and too long text, writing nothing", async () => {
    const before = await etlCount();
    const audits = await auditCount();
    for (const fields of [allFields({}), allFields({ varParentKey: "   ", etlBatchId: "  " }), []]) {
      const empty = await create("admin", fields);
      expect(empty.status).toBe(400);
      expect(errorsOf(empty)[""]).toEqual([ETL_MESSAGES.noInputs]);
    }
    const letters = await create("admin", allFields({ varParentKey: "JOB", etlBatchId: "12a" }));
    expect(letters.status).toBe(400);
    expect(errorsOf(letters).etlBatchId).toEqual([ETL_MESSAGES.batchIdNumeric]);
    for (const big of ["2147483648", "99999999999999999999"])
      expect(errorsOf(await create("admin", allFields({ etlBatchId: big }))).etlBatchId).toEqual([ETL_MESSAGES.batchIdTooBig]);
    expect(errorsOf(await create("admin", allFields({ varChildVal: "x".repeat(1001) }))).varChildVal).toEqual([ETL_MESSAGES.tooLong("Child Value")]);
    expect((await create("admin", allFields({ varChildVal: "x".repeat(2 * 1024 * 1024) }))).status).toBe(413);
    expect(await etlCount()).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  it("saves a row trimmed with empty fields as null, shows the change in its History, and refuses a stale form", async () => {
    const detail = await detailOf("admin", 3);
    expect(detail).toMatchObject({ varId: 3, version: 1, history: [] });
    const fields = allFields({
      varParentKey: " JOB ",
      varParentVal: detail.varParentVal,
      varChildKey: detail.varChildKey,
      varChildVal: "  edited  ",
      etlJobName: "",
      etlBatchId: "77",
    });
    const done = await save("admin", 3, [...fields, ["version", String(detail.version)]]);
    expect(done).toMatchObject({ status: 302, location: PATH, popUp: ETL_MESSAGES.updated });
    const row = await rowOf(3);
    expect(row).toMatchObject({ varParentKey: "JOB", varChildVal: "edited", etlJobName: null, etlBatchId: 77, lastUpdateUser: "admin", rowVersion: 2 });
    const after = await detailOf("admin", 3);
    expect(after.version).toBe(2);
    expect(after.history).toHaveLength(1);
    expect(after.history[0].actor).toBe("admin");
    expect(after.history[0].changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "Child Value", after: "edited" }), expect.objectContaining({ field: "Batch Id", after: "77" })]),
    );

    const audits = await auditCount();
    const stale = await save("power", 3, [...allFields({ varChildVal: "lost edit" }), ["version", String(detail.version)]]);
    expect(stale.status).toBe(302);
    expect(stale.popUp?.title).toBe("Fail");
    expect(stale.popUp?.message).toContain("was changed by admin");
    expect((await rowOf(3))?.varChildVal).toBe("edited");

    const empty = await save("admin", 3, [...allFields({}), ["version", "2"]]);
    expect(empty.status).toBe(400);
    expect(errorsOf(empty)[""]).toEqual([ETL_MESSAGES.noInputs]);
    const noVersion = await save("admin", 3, allFields({ varChildVal: "v" }));
    expect(errorsOf(noVersion)[""]).toEqual([ETL_MESSAGES.versionRequired]);
    const letters = await save("admin", 3, [...allFields({ varChildVal: "v", etlBatchId: "1e5" }), ["version", "2"]]);
    expect(errorsOf(letters).etlBatchId).toEqual([ETL_MESSAGES.batchIdNumeric]);
    expect(await auditCount()).toBe(audits);
    expect((await rowOf(3))?.rowVersion).toBe(2);
  });

  it("refuses forged rows and forged form ids without writing", async () => {
    const audits = await auditCount();
    for (const row of ["abc';--", "999999999", "99999999999", "", "1.5"]) {
      const answer = await save("admin", row, [...allFields({ varChildVal: "forged" }), ["version", "1"]]);
      expect(answer.status, row).toBe(400);
    }
    // The form's own varId is never the row: the grid's checked row is.
    const detail = await detailOf("admin", 4);
    const answer = await save("admin", 4, [...allFields({ varChildVal: "mine" }), ["varId", "5"], ["version", String(detail.version)]]);
    expect(answer.popUp).toEqual(ETL_MESSAGES.updated);
    expect((await rowOf(4))?.varChildVal).toBe("mine");
    expect((await rowOf(5))?.varChildVal).not.toBe("mine");
    expect(await auditCount()).toBe(audits + 1);
    const badDelete = await remove("admin", ["999999999"], true);
    expect(badDelete.status).toBe(400);
    expect(JSON.stringify(badDelete.body)).toContain(GRID_ACTION_MESSAGES.notInScope);
    expect(await auditCount()).toBe(audits + 1);
  });

  it("deletes the selected variables after a confirmation naming them", async () => {
    const before = await etlCount();
    const asked = await remove("admin", [10, 11], false);
    expect(asked.body).toMatchObject({ kind: "confirm", question: "Delete these ETL variables?" });
    expect((asked.body as { rows: string[] }).rows.map((label) => label.split(" ")[0])).toEqual(["10", "11"]);
    expect(await etlCount()).toBe(before);
    const audits = await auditCount();
    const deleted = await remove("admin", [10, 11], true);
    expect(deleted).toMatchObject({ status: 302, location: PATH, popUp: ETL_MESSAGES.deleted });
    expect(await rowOf(10)).toBeUndefined();
    expect(await etlCount()).toBe(before - 2);
    expect(await auditCount()).toBe(audits + 2);
    // A variable deleted by someone else between the check and the write: nothing goes, the spec's words with the reason.
    const gone = await deleteEtlVariables({ actor: demoClaims("admin"), timeZone: ZONE }, [10, 12]);
    expect(gone).toEqual({ kind: "conflict", message: { title: "Error", message: "Failed to delete selected items", lines: [ETL_MESSAGES.goneSome([10])] } });
    expect(ETL_NOT_DELETED).toEqual({ title: "Error", message: "Failed to delete selected items" });
    expect(await rowOf(12)).toBeDefined();
    expect(await auditCount()).toBe(audits + 2);
  });

  it("exports every matching variable", async () => {
    const response = (await csvLoader(loaderArgs(pageRequest(`${PATH}.csv?cols=varId,varChildKey,etlBatchId&varParentKey=job`, cookies.power)))) as Response;
    expect(response.status).toBe(200);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    const matching = (await allRows()).filter((row) => row.varParentKey?.toLowerCase().includes("job"));
    expect(rows.length).toBe(matching.length + 1);
    expect(rows.slice(1).map((row) => row[0])).toEqual(matching.map((row) => String(row.varId)));
  });

  it("keeps users without the page out of every route, and leaves users without changingEtlData read-only once it is listed", async () => {
    const before = await etlCount();
    for (const login of ["provider", "portal"]) {
      expect(await answered(() => gridLoader(loaderArgs(pageRequest(PATH, cookies[login]))))).toMatchObject({ status: 404 });
      expect(await answered(() => csvLoader(loaderArgs(pageRequest(`${PATH}.csv`, cookies[login]))))).toMatchObject({ status: 404 });
      expect(await answered(() => newLoader(loaderArgs(pageRequest(`${PATH}/new`, cookies[login]))))).toMatchObject({ status: 404 });
      expect(await create(login, allFields({ varParentKey: "INTRUDER" }))).toMatchObject({ status: 404 });
      expect(await save(login, 5, [...allFields({ varChildVal: "intruder" }), ["version", "1"]])).toMatchObject({ status: 404 });
      expect(await remove(login, [5], true)).toMatchObject({ status: 404 });
    }
    expect((await view("power", PATH)).actions).toEqual(["saveEtlVariable", "deleteEtlVariables"]);

    const listed = [...REQUIRED_ROLES_FOR_PAGES, { pageName: "changingEtlData", requiredRoles: ["DIP_ADMIN"] }];
    await db()
      .updateTable("configurations")
      .set({ configValue: JSON.stringify(listed) })
      .where("configKey", "=", "REQUIRED_ROLES_FOR_PAGES")
      .execute();
    forgetConfigurationReads();
    expect((await view("power", PATH)).actions).toEqual([]);
    expect(await answered(() => newLoader(loaderArgs(pageRequest(`${PATH}/new`, cookies.power))))).toMatchObject({ status: 404 });
    expect(await create("power", allFields({ varParentKey: "POWER" }))).toMatchObject({ status: 404 });
    const refused = await save("power", 5, [...allFields({ varChildVal: "power was here" }), ["version", "1"]]);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(GRID_ACTION_MESSAGES.notAllowed);
    expect((await remove("power", [5], true)).status).toBe(400);
    expect(await rowOf(5)).toBeDefined();
    expect((await rowOf(5))?.varChildVal).not.toBe("power was here");
    expect(await etlCount()).toBe(before);
    expect((await view("admin", PATH)).actions).toEqual(["saveEtlVariable", "deleteEtlVariables"]);
  });
});
