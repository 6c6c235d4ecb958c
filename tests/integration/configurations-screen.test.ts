import { describe, expect, it } from "vitest";
import { REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import type { GridView } from "~/grid/grid-view";
import { cellDateTime } from "~/lib/date-format";
import { CONFIGURATION_MESSAGES } from "~/modules/configurations/configuration-form";
import type { ConfigurationDetail } from "~/modules/configurations/detail";
import { EDITOR_MESSAGES } from "~/modules/configurations/editor-values";
import { INVALID_JSON, TOO_DEEP } from "~/modules/configurations/json-text";
import { decryptSecret, MASKED } from "~/platform/configuration/secret-box.server";
import { action as gridAction, loader as gridLoader } from "~/routes/_shell.admin.configuration";
import { action as newAction, loader as newLoader } from "~/routes/_shell.admin.configuration_.new";
import { loader as csvLoader } from "~/routes/admin.configuration[.]csv";
import { answered, type ActionAnswer } from "../support/action-answer";
import { parseCsv } from "../support/csv-text";
import { testDialects } from "../support/databases";
import { demoUsers } from "../support/demo-claims";
import { loaderData, openGridLoader, viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, formRequest, loaderArgs, pageRequest } from "../support/signed-in-request";

/**
 * The Configurations screen (issue 13) called as route functions on seeded demo data, on SQLite
 * and PostgreSQL: the grid's cells and filters, the expanded row, the row's Save with rows and
 * editor steps, Add Configuration, Delete Configuration asking first, the CSV, read-only users,
 * and no ENCRYPT value in any answer.
 */
type View = GridView<ConfigurationDetail>;
const PATH = "/admin/configuration";
const ZONE = "UTC";

const errorsOf = (answer: ActionAnswer) => (answer.body as { result: { error: Record<string, string[]> } }).result.error;
const valuesOf = (answer: ActionAnswer) => (answer.body as { result: { initialValue: Record<string, unknown> } }).result.initialValue;

describe.each(testDialects)("the Configurations screen on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, {
    scale: 200,
    signedIn: demoUsers("admin", "power", "provider", "portal"),
    timeZone: ZONE,
    secretBox: true,
  });
  const view = (login: string, path: string) => viewGridLoader<View>(gridLoader, cookies[login], path);
  const rowOf = (configId: number) => db().selectFrom("configurations").selectAll().where("configId", "=", configId).executeTakeFirstOrThrow();
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
  const entryOf = async (type: string) =>
    db()
      .selectFrom("configurations")
      .selectAll()
      .where("configValueType", "=", type as never)
      .orderBy("configId")
      .executeTakeFirstOrThrow();
  const detailOf = async (login: string, configId: number) => {
    const page = await view(login, `${PATH}?configId=${configId}&expanded=${configId}`);
    if (!page.detail) throw new Error(`no detail for ${configId}`);
    return page.detail;
  };
  const save = (login: string, configId: number, fields: [string, string][]) =>
    answered(() =>
      gridAction(actionArgs(formRequest(PATH, cookies[login], [["intent", "saveConfiguration"], ["row", String(configId)], ["returnTo", PATH], ...fields]))),
    );
  /** A one-time token of the Add Configuration page for this user. */
  const tokenFor = async (login: string) => (loaderData(await newLoader(loaderArgs(pageRequest(`${PATH}/new`, cookies[login])))) as { token: string }).token;
  /** An Add Configuration form, a fresh one unless its token is given. */
  const create = async (login: string, fields: [string, string][], token?: string) => {
    const formToken = token ?? (await tokenFor(login));
    return answered(() => newAction(actionArgs(formRequest(`${PATH}/new`, cookies[login], [["returnTo", PATH], ["token", formToken], ...fields]))));
  };

  it("lists every entry newest update first, 20 a page: {...} for JSON types, TEXT as it is, a secret masked", async () => {
    const all = await db().selectFrom("configurations").selectAll().orderBy("updatedDateTime", "desc").orderBy("configId", "desc").execute();
    expect(all.length).toBeGreaterThan(20);
    const page = await view("power", PATH);
    expect(page.total).toBe(all.length);
    expect(page.state).toMatchObject({ sort: "updatedDateTime", dir: "desc", size: 20, page: 1 });
    expect(page.rows.map((row) => row.id)).toEqual(all.slice(0, 20).map((row) => String(row.configId)));
    const wide = await view("power", `${PATH}?size=50&cols=configId,configValue,configValueType,createdDateTime,updatedDateTime`);
    expect(wide.rows.length).toBe(all.length);
    for (const row of wide.rows) {
      const stored = all.find((entry) => String(entry.configId) === row.id);
      if (!stored) throw new Error(row.id);
      const expected = stored.configValueType === "TEXT" ? (stored.configValue ?? "") : stored.configValueType === "ENCRYPT" ? MASKED : "{...}";
      expect(row.cells.configValue, stored.configKey).toBe(expected);
      expect(row.cells.updatedDateTime).toBe(cellDateTime(stored.updatedDateTime, ZONE));
    }
    const secrets = all.filter((entry) => entry.configValueType === "ENCRYPT");
    expect(secrets.length).toBeGreaterThan(0);
    const text = JSON.stringify(wide);
    for (const secret of secrets) expect(text).not.toContain(secret.configValue);
  });

  it("filters by id, key and group value (contains, any case), type, and value, never inside a secret", async () => {
    const all = await db().selectFrom("configurations").selectAll().execute();
    const someJson = all.find((entry) => entry.configValueType === "JSON" && entry.configKey.length > 8);
    if (!someJson) throw new Error("no JSON entry");
    expect((await view("power", `${PATH}?configId=${someJson.configId}`)).rows.map((row) => row.id)).toEqual([String(someJson.configId)]);
    const needle = someJson.configKey.slice(2, 8).toLowerCase();
    const byKey = await view("power", `${PATH}?configKey=${needle}&size=50`);
    expect(byKey.total).toBe(all.filter((entry) => entry.configKey.toLowerCase().includes(needle)).length);
    expect(byKey.total).toBeGreaterThan(0);
    const byType = await view("power", `${PATH}?configValueType=LIST_CODE_LABELS&size=50`);
    expect(byType.total).toBe(all.filter((entry) => entry.configValueType === "LIST_CODE_LABELS").length);
    expect(byType.rows.every((row) => row.cells.configValueType === "LIST_CODE_LABELS")).toBe(true);
    const grouped = all.find((entry) => entry.configGroupValue);
    if (grouped?.configGroupValue) {
      expect((await view("power", `${PATH}?configGroupValue=${grouped.configGroupValue}`)).rows.map((row) => row.id)).toContain(String(grouped.configId));
    }
    // The stored text of every secret starts enc:; the Value filter does not look there.
    expect(all.some((entry) => entry.configValueType === "ENCRYPT" && entry.configValue?.startsWith("enc:"))).toBe(true);
    expect((await view("power", `${PATH}?configValue=enc%3A`)).total).toBe(0);
    const byValue = await view("power", `${PATH}?configValue=DIP_ADMIN&size=50`);
    expect(byValue.total).toBe(all.filter((entry) => entry.configValueType !== "ENCRYPT" && entry.configValue?.toLowerCase().includes("dip_admin")).length);
    expect(await openGridLoader<View>(gridLoader, cookies.power, `${PATH}?configValueType=YAML`)).toMatchObject({ status: 302, location: PATH });
  });

  it("expands a row into its fields; a secret's value is never there, its History says only that it changed", async () => {
    const json = await entryOf("JSON");
    const detail = await detailOf("admin", json.configId);
    expect(detail).toMatchObject({
      configId: json.configId,
      configKey: json.configKey,
      configValueType: "JSON",
      value: json.configValue,
      storedSecret: null,
      version: json.updatedDateTime,
    });

    const secret = await entryOf("ENCRYPT");
    const before = await detailOf("admin", secret.configId);
    expect(before).toMatchObject({ value: null, storedSecret: MASKED });
    const saved = await save("admin", secret.configId, [
      ["configKey", secret.configKey],
      ["configValueType", "ENCRYPT"],
      ["version", before.version],
      ["configValue", "s3cret-value-1"],
      ["isActive", "on"],
    ]);
    expect(saved.popUp).toEqual(CONFIGURATION_MESSAGES.saved);
    expect(decryptSecret((await rowOf(secret.configId)).configValue ?? "")).toBe("s3cret-value-1");
    const after = await detailOf("admin", secret.configId);
    expect(after.history.length).toBe(1);
    expect(after.history[0].changes.find((change) => change.field === "Value")).toMatchObject({ before: "(hidden)", after: "(hidden)" });
    expect(JSON.stringify(after)).not.toContain("s3cret-value-1");
    // An empty secret keeps the stored one.
    await save("admin", secret.configId, [
      ["configKey", secret.configKey],
      ["configValueType", "ENCRYPT"],
      ["version", after.version],
      ["isActive", "on"],
    ]);
    expect(decryptSecret((await rowOf(secret.configId)).configValue ?? "")).toBe("s3cret-value-1");
  });

  it("saves a row's TEXT and JSON, refuses JSON that does not parse or nests too deep, a changed key and a stale form, writing nothing", async () => {
    const text = await entryOf("TEXT");
    const detail = await detailOf("admin", text.configId);
    const fields = (version: string, value: string): [string, string][] => [
      ["configKey", text.configKey],
      ["configValueType", "TEXT"],
      ["version", version],
      ["configValue", value],
      ["isActive", "on"],
    ];
    const done = await save("admin", text.configId, fields(detail.version, "edited text"));
    expect(done).toMatchObject({ status: 302, location: PATH, popUp: CONFIGURATION_MESSAGES.saved });
    expect((await rowOf(text.configId)).configValue).toBe("edited text");

    const audits = await auditCount();
    const stale = await save("admin", text.configId, fields(detail.version, "lost edit"));
    expect(stale.status).toBe(302);
    expect(stale.popUp?.title).toBe("Error");
    expect(stale.popUp?.message).toContain("was changed by admin");
    const renamed = await save("admin", text.configId, [["configKey", "OTHER_KEY"], ...fields((await rowOf(text.configId)).updatedDateTime, "x").slice(1)]);
    expect(renamed.status).toBe(400);
    expect(errorsOf(renamed).configKey).toEqual([CONFIGURATION_MESSAGES.keyFixed]);

    const json = await entryOf("JSON");
    const jsonFields = (value: string): [string, string][] => [
      ["configKey", json.configKey],
      ["configValueType", "JSON"],
      ["version", json.updatedDateTime],
      ["configValue", value],
      ["isActive", "on"],
    ];
    const invalid = await save("admin", json.configId, jsonFields("{ not json"));
    expect(invalid.status).toBe(400);
    expect(errorsOf(invalid).configValue).toEqual([INVALID_JSON]);
    expect(valuesOf(invalid).configValue).toBe("{ not json");
    expect(errorsOf(await save("admin", json.configId, jsonFields(`${"[".repeat(5000)}${"]".repeat(5000)}`))).configValue).toEqual([TOO_DEEP]);
    expect((await save("admin", json.configId, jsonFields("x".repeat(2 * 1024 * 1024)))).status).toBe(413);
    const unknownType = await save("admin", json.configId, [
      ["configKey", json.configKey],
      ["configValueType", "YAML"],
      ["version", json.updatedDateTime],
      ["configValue", "{}"],
    ]);
    expect(unknownType.status).toBe(400);
    expect(await auditCount()).toBe(audits);
    expect((await rowOf(json.configId)).configValue).toBe(json.configValue);
  });

  it("edits a billing rule's parameters as rows: a row added without writing, empty names dropped, none added after an empty one", async () => {
    const rule = await entryOf("BILLING_RULE");
    const base: [string, string][] = [
      ["configKey", rule.configKey],
      ["configValueType", "BILLING_RULE"],
      ["version", rule.updatedDateTime],
      ["rows", "1"],
      ["isActive", "on"],
    ];
    const audits = await auditCount();
    const step = await save("admin", rule.configId, [...base, ["paramLabel", "Flat Fee"], ["editor", "addRow"]]);
    expect(step.status).toBe(400);
    expect(errorsOf(step)).toEqual({});
    expect(JSON.parse(String(valuesOf(step).configValue))).toEqual({
      params: [
        { paramName: "flatFee", paramLabel: "Flat Fee" },
        { paramName: "", paramLabel: "" },
      ],
    });
    const blocked = await save("admin", rule.configId, [...base, ["paramLabel", "Flat Fee"], ["paramLabel", " "], ["editor", "addRow"]]);
    expect(errorsOf(blocked).configValue).toEqual([EDITOR_MESSAGES.emptyParamName]);
    expect(await auditCount()).toBe(audits);

    const saved = await save("admin", rule.configId, [...base, ["paramLabel", "Flat Fee"], ["paramLabel", ""], ["paramLabel", "Number of Free Scans"]]);
    expect(saved.popUp).toEqual(CONFIGURATION_MESSAGES.saved);
    expect(JSON.parse((await rowOf(rule.configId)).configValue ?? "")).toEqual({
      params: [
        { paramName: "flatFee", paramLabel: "Flat Fee" },
        { paramName: "numberOfFreeScans", paramLabel: "Number of Free Scans" },
      ],
    });
  });

  it("edits a code/label list as rows: codes unique and both fields required with a message naming the row, a blank row dropped", async () => {
    const list = await entryOf("LIST_CODE_LABELS");
    const base: [string, string][] = [
      ["configKey", list.configKey],
      ["configValueType", "LIST_CODE_LABELS"],
      ["version", list.updatedDateTime],
      ["rows", "1"],
      ["isActive", "on"],
    ];
    const twice = await save("admin", list.configId, [...base, ["code", "A"], ["label", "Alpha"], ["code", "A"], ["label", "Again"]]);
    expect(errorsOf(twice).configValue).toEqual(['Row 2: the code "A" is already used in row 1.']);
    const noLabel = await save("admin", list.configId, [...base, ["code", "A"], ["label", ""]]);
    expect(errorsOf(noLabel).configValue).toEqual(["Row 1: the label is required."]);
    expect((await rowOf(list.configId)).configValue).toBe(list.configValue);
    const saved = await save("admin", list.configId, [
      ...base,
      ["code", "A"],
      ["label", "Alpha"],
      ["code", ""],
      ["label", ""],
      ["code", "B"],
      ["label", "Beta"],
    ]);
    expect(saved.popUp).toEqual(CONFIGURATION_MESSAGES.saved);
    expect(JSON.parse((await rowOf(list.configId)).configValue ?? "")).toEqual([
      { code: "A", label: "Alpha" },
      { code: "B", label: "Beta" },
    ]);
  });

  it("adds an entry of each type from the Add Configuration page, resets a new item's value when its type changes, and never answers a secret back", async () => {
    expect(loaderData(await newLoader(loaderArgs(pageRequest(`${PATH}/new?returnTo=${encodeURIComponent(`${PATH}?size=50`)}`, cookies.admin))))).toEqual({
      returnTo: `${PATH}?size=50`,
      token: expect.any(String),
    });
    expect(loaderData(await newLoader(loaderArgs(pageRequest(`${PATH}/new?returnTo=https://evil.example/`, cookies.admin))))).toEqual({
      returnTo: PATH,
      token: expect.any(String),
    });

    const changed = await create("admin", [
      ["configKey", "NEW_ONE"],
      ["configValueType", "LIST_CODE_LABELS"],
      ["configValue", '{"a":1}'],
      ["editor", "changeType"],
    ]);
    expect(changed.status).toBe(400);
    expect(valuesOf(changed)).toMatchObject({ configKey: "NEW_ONE", configValueType: "LIST_CODE_LABELS", configValue: "[]" });

    const cases: [string, [string, string][]][] = [
      ["JSON", [["configValue", '{"a": [1, 2]}']]],
      ["TEXT", [["configValue", "plain words"]]],
      ["ENCRYPT", [["configValue", "brand-new-secret"]]],
      [
        "BILLING_RULE",
        [
          ["rows", "1"],
          ["paramLabel", "Per Scan Fee"],
        ],
      ],
      [
        "LIST_CODE_LABELS",
        [
          ["rows", "1"],
          ["code", "X"],
          ["label", "Ex"],
        ],
      ],
    ];
    for (const [type, value] of cases) {
      const key = `SCREEN_NEW_${type}`;
      const answer = await create("admin", [["configKey", key], ["configValueType", type], ["configGroup", "TESTS"], ["isActive", "on"], ...value]);
      expect(answer, type).toMatchObject({ status: 302, location: PATH, popUp: CONFIGURATION_MESSAGES.saved });
      const row = await db().selectFrom("configurations").selectAll().where("configKey", "=", key).executeTakeFirstOrThrow();
      expect(row.configValueType).toBe(type);
      expect(row.createdBy).toBe("admin");
    }
    const stored = await db().selectFrom("configurations").select("configValue").where("configKey", "=", "SCREEN_NEW_ENCRYPT").executeTakeFirstOrThrow();
    expect(decryptSecret(stored.configValue ?? "")).toBe("brand-new-secret");

    // A refused secret form comes back without its secret.
    const duplicate = await create("admin", [
      ["configKey", "SCREEN_NEW_ENCRYPT"],
      ["configValueType", "ENCRYPT"],
      ["configValue", "another-secret"],
    ]);
    expect(duplicate.status).toBe(400);
    expect(errorsOf(duplicate).configKey).toEqual([CONFIGURATION_MESSAGES.duplicate]);
    expect(JSON.stringify(duplicate.body)).not.toContain("another-secret");
    const stepped = await create("admin", [
      ["configKey", "K"],
      ["configValueType", "ENCRYPT"],
      ["configValue", "typed-secret"],
      ["editor", "addRow"],
    ]);
    expect(JSON.stringify(stepped.body)).not.toContain("typed-secret");
  });

  it("adds once per form: the same form again gets the first answer, a forged or another user's token adds nothing, a refusal keeps the token", async () => {
    const entries = (key: string) => db().selectFrom("configurations").select("configId").where("configKey", "=", key).execute();
    const fields = (key: string): [string, string][] => [
      ["configKey", key],
      ["configValueType", "TEXT"],
      ["configValue", "once"],
    ];
    const token = await tokenFor("admin");
    const [first, again] = await Promise.all([create("admin", fields("SCREEN_ONCE"), token), create("admin", fields("SCREEN_ONCE"), token)]);
    for (const answer of [first, again]) expect(answer).toMatchObject({ status: 302, location: PATH, popUp: CONFIGURATION_MESSAGES.saved });
    expect(await create("admin", fields("SCREEN_ONCE"), token)).toMatchObject({ status: 302, location: PATH, popUp: CONFIGURATION_MESSAGES.saved });
    expect(await entries("SCREEN_ONCE")).toHaveLength(1);

    for (const forged of ["", "x", "A".repeat(43), await tokenFor("power")]) {
      const answer = await create("admin", fields("SCREEN_FORGED"), forged);
      expect(answer.status).toBe(400);
      expect(errorsOf(answer)[""]).toEqual([CONFIGURATION_MESSAGES.formNotIssued]);
    }
    expect(await entries("SCREEN_FORGED")).toHaveLength(0);

    // An editor step and a refused form leave the token to the form corrected.
    const kept = await tokenFor("admin");
    expect((await create("admin", [...fields("SCREEN_KEPT"), ["editor", "changeType"]], kept)).status).toBe(400);
    expect(errorsOf(await create("admin", fields("SCREEN_ONCE"), kept)).configKey).toEqual([CONFIGURATION_MESSAGES.duplicate]);
    expect((await create("admin", fields("SCREEN_KEPT"), kept)).popUp).toEqual(CONFIGURATION_MESSAGES.saved);
    expect(await entries("SCREEN_KEPT")).toHaveLength(1);
  });

  it("deletes the selected entries after a confirmation naming their keys", async () => {
    const victims = await db()
      .selectFrom("configurations")
      .select(["configId", "configKey"])
      .where("configKey", "like", "SCREEN_NEW_%")
      .orderBy("configId")
      .execute();
    expect(victims.length).toBe(5);
    const ids = victims.slice(0, 2).map((row): [string, string] => ["ids", String(row.configId)]);
    const asked = await answered(() =>
      gridAction(actionArgs(formRequest(PATH, cookies.admin, [["intent", "deleteConfigurations"], ["returnTo", PATH], ...ids]))),
    );
    expect(asked.body).toMatchObject({ kind: "confirm", rows: victims.slice(0, 2).map((row) => row.configKey) });
    expect(await db().selectFrom("configurations").select("configId").where("configKey", "like", "SCREEN_NEW_%").execute()).toHaveLength(5);
    const deleted = await answered(() =>
      gridAction(actionArgs(formRequest(PATH, cookies.admin, [["intent", "deleteConfigurations"], ["returnTo", PATH], ["confirmed", "yes"], ...ids]))),
    );
    expect(deleted.popUp).toEqual(CONFIGURATION_MESSAGES.deleted(2));
    expect(await db().selectFrom("configurations").select("configId").where("configKey", "like", "SCREEN_NEW_%").execute()).toHaveLength(3);
  });

  it("exports every matching entry with whole values and masked secrets", async () => {
    const response = (await csvLoader(
      loaderArgs(pageRequest(`${PATH}.csv?cols=configKey,configValue,configValueType,configGroupValue`, cookies.power)),
    )) as Response;
    expect(response.status).toBe(200);
    const body = await response.text();
    const rows = parseCsv(body.replace(/^\uFEFF/, ""));
    const all = await db().selectFrom("configurations").selectAll().execute();
    expect(rows.length).toBe(all.length + 1);
    for (const entry of all) {
      const line = rows.find((row) => row[0] === entry.configKey && row[3] === (entry.configGroupValue ?? ""));
      expect(line?.[1], entry.configKey).toBe(entry.configValueType === "ENCRYPT" ? MASKED : entry.configValue);
      if (entry.configValueType === "ENCRYPT" && entry.configValue) expect(body).not.toContain(entry.configValue);
    }
  });

  it("leaves users without changingConfigurationData read-only once it is listed, and keeps the others out", async () => {
    for (const login of ["provider", "portal"])
      expect(await openGridLoader<View>(gridLoader, cookies[login], PATH).catch((thrown: Response) => ({ status: thrown.status }))).toMatchObject({
        status: 404,
      });
    expect((await view("power", PATH)).actions).toEqual(["saveConfiguration", "deleteConfigurations"]);
    const listed = [...REQUIRED_ROLES_FOR_PAGES, { pageName: "changingConfigurationData", requiredRoles: ["DIP_ADMIN"] }];
    await db()
      .updateTable("configurations")
      .set({ configValue: JSON.stringify(listed) })
      .where("configKey", "=", "REQUIRED_ROLES_FOR_PAGES")
      .execute();

    expect((await view("power", PATH)).actions).toEqual([]);
    expect(await answered(() => newLoader(loaderArgs(pageRequest(`${PATH}/new`, cookies.power))))).toMatchObject({ status: 404 });
    const text = await entryOf("TEXT");
    const refused = await save("power", text.configId, [
      ["configKey", text.configKey],
      ["configValueType", "TEXT"],
      ["version", text.updatedDateTime],
      ["configValue", "power was here"],
    ]);
    expect(refused.status).toBe(400);
    expect((await rowOf(text.configId)).configValue).toBe(text.configValue);
    expect((await view("admin", PATH)).actions).toEqual(["saveConfiguration", "deleteConfigurations"]);
  });
});
