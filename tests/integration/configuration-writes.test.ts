import { describe, expect, it } from "vitest";
import { REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import { formatInstant } from "~/lib/date-format";
import { findConfigurationDetail } from "~/modules/configurations/configuration-detail.server";
import { CONFIGURATION_INTENTS, CONFIGURATION_MESSAGES, CONFIGURATION_NOT_SAVED } from "~/modules/configurations/configuration-form";
import { NEW_SECRET } from "~/modules/configurations/configuration-record.server";
import { configurationSubmissionSchema } from "~/modules/configurations/configuration-submission.server";
import { submitConfiguration } from "~/modules/configurations/configuration-writes.server";
import { deleteConfigurations as deleteEntries } from "~/modules/configurations/delete-configurations.server";
import { configurationShownAgain } from "~/modules/configurations/editor-values";
import { INVALID_JSON } from "~/modules/configurations/json-text";
import { readConfigurationValue } from "~/platform/configuration/configuration-values.server";
import { decryptSecret, MASKED } from "~/platform/configuration/secret-box.server";
import type { ActionOutcome } from "~/write-path/action-outcome";
import { submitForm } from "~/write-path/submit-form.server";
import type { Writer as ConfigurationWriter } from "~/write-path/writer";
import { testDialects } from "../support/databases";
import { demoClaims } from "../support/demo-claims";
import { setUpSeededPortal } from "../support/seeded-portal";

/**
 * The Configurations screen's writes (issue 13) on seeded demo data, on SQLite and PostgreSQL:
 * create, update and delete of each value type with one audit row per change, 'Invalid Json!',
 * known keys' shapes, fixed key and type, stale versions, the lock-out guard, ENCRYPT values
 * encrypted at rest and never in the audit log, and a saved value read on the next call.
 */
const admin: ConfigurationWriter = { actor: demoClaims("admin"), timeZone: "UTC" };
const power: ConfigurationWriter = { actor: demoClaims("power"), timeZone: "UTC" };

type Fields = Record<string, string | string[] | undefined>;
function formData(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

/** The form read as the screen's actions read it (its schema, then the command), the entry's id as the grid gives it with the form's version. */
function saveConfiguration(writer: ConfigurationWriter, form: FormData): Promise<ActionOutcome> {
  const configId = form.get("configId");
  const entry = configId === null ? undefined : { configId: Number(configId), version: String(form.get("version") ?? "") };
  return submitForm(form, configurationSubmissionSchema, {
    intent: CONFIGURATION_INTENTS.save,
    shownAgain: configurationShownAgain,
    failure: CONFIGURATION_NOT_SAVED,
    logAs: "Saving a configuration failed",
    run: (submission) => submitConfiguration(writer, submission, entry),
  });
}

/** The rows the grid checked, as ids. */
const deleteConfigurations = (writer: ConfigurationWriter, form: FormData) => deleteEntries(writer, form.getAll("configIds").map(Number));

function fieldErrorsOf(outcome: ActionOutcome): Record<string, string[]> {
  if (outcome.kind !== "refused") throw new Error(`expected a refusal, got ${outcome.kind}`);
  return outcome.fieldErrors;
}

describe.each(testDialects)("configuration writes on %s", (dialect) => {
  const { db } = setUpSeededPortal(dialect, { scale: 200, secretBox: true });

  const rowOf = (configKey: string, groupValue: string | null = null) => {
    let query = db().selectFrom("configurations").selectAll().where("configKey", "=", configKey);
    query = groupValue === null ? query.where("configGroupValue", "is", null) : query.where("configGroupValue", "=", groupValue);
    return query.executeTakeFirst();
  };
  const mustRow = async (configKey: string) => {
    const row = await rowOf(configKey);
    if (!row) throw new Error(`no row ${configKey}`);
    return row;
  };
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
  const auditOf = (configId: number) =>
    db()
      .selectFrom("auditLog")
      .selectAll()
      .where("entity", "=", "configuration")
      .where("entityId", "=", String(configId))
      .where("outcome", "=", "done")
      .orderBy("id")
      .execute();
  const configurationCount = async () =>
    Number(
      (
        await db()
          .selectFrom("configurations")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const create = (writer: ConfigurationWriter, configKey: string, configValueType: string, configValue: string, extra: Fields = {}) =>
    saveConfiguration(
      writer,
      formData({
        configKey,
        configValueType,
        configValue,
        configGroup: "TEST",
        configDescription: `${configKey} entry`,
        productArea: "DIAGNOSTICS_PORTAL",
        isActive: "on",
        ...extra,
      }),
    );
  const update = async (writer: ConfigurationWriter, configKey: string, configValue: string, extra: Fields = {}) => {
    const row = await mustRow(configKey);
    return saveConfiguration(
      writer,
      formData({
        configId: String(row.configId),
        version: row.updatedDateTime,
        configKey: row.configKey,
        configValueType: row.configValueType,
        configValue,
        configGroup: row.configGroup ?? undefined,
        configDescription: row.configDescription ?? undefined,
        productArea: row.productArea ?? undefined,
        isActive: row.isActive === 1 ? "on" : undefined,
        ...extra,
      }),
    );
  };

  const values = {
    JSON: { first: ' { "a": [1, 2, {"b": "x\\ny"}] } ', stored: '{"a":[1,2,{"b":"xy"}]}', next: '{"a":2}', nextStored: '{"a":2}' },
    TEXT: { first: "plain text", stored: "plain text", next: "other text", nextStored: "other text" },
    BILLING_RULE: {
      first: JSON.stringify({ params: [{ paramLabel: "Flat Fee" }, { paramName: "", paramLabel: "" }] }),
      stored: JSON.stringify({ params: [{ paramName: "flatFee", paramLabel: "Flat Fee" }] }),
      next: JSON.stringify({ params: [{ paramLabel: "Free Scan Number" }] }),
      nextStored: JSON.stringify({ params: [{ paramName: "freeScanNumber", paramLabel: "Free Scan Number" }] }),
    },
    LIST_CODE_LABELS: {
      first: JSON.stringify([{ code: "A", label: "Alpha" }]),
      stored: JSON.stringify([{ code: "A", label: "Alpha" }]),
      next: JSON.stringify([{ code: "B", label: "Beta" }]),
      nextStored: JSON.stringify([{ code: "B", label: "Beta" }]),
    },
  } as const;

  it("creates, updates and deletes each value type, with one audit row per change, read back on the next call", async () => {
    const ids: string[] = [];
    for (const [type, value] of Object.entries(values)) {
      const key = `TEST_${type}`;
      const audits = await auditCount();
      expect(await create(admin, key, type, value.first)).toEqual({
        kind: "done",
        message: { title: "Success", message: "Successfully save the configuration." },
      });
      const created = await mustRow(key);
      expect(created).toMatchObject({
        configValueType: type,
        configValue: value.stored,
        configGroup: "TEST",
        isActive: 1,
        createdBy: "admin",
        updatedBy: "admin",
      });
      expect(await readConfigurationValue(key)).toBe(value.stored);
      expect(await auditCount()).toBe(audits + 1);
      expect(await auditOf(created.configId)).toMatchObject([{ actor: "admin", action: "createConfiguration", beforeValue: null }]);

      expect((await update(admin, key, value.next)).kind).toBe("done");
      const updated = await mustRow(key);
      expect(updated.configValue).toBe(value.nextStored);
      expect(Date.parse(updated.updatedDateTime)).toBeGreaterThan(Date.parse(created.updatedDateTime));
      expect(await readConfigurationValue(key)).toBe(value.nextStored);
      const history = await auditOf(created.configId);
      expect(history).toHaveLength(2);
      expect(JSON.parse(history[1].beforeValue ?? "null")).toMatchObject({ configValue: value.stored });
      expect(JSON.parse(history[1].afterValue ?? "null")).toMatchObject({ configValue: value.nextStored, isActive: true });
      ids.push(String(created.configId));
    }

    const audits = await auditCount();
    const outcome = await deleteConfigurations(admin, formData({ configIds: ids }));
    expect(outcome).toEqual({ kind: "done", message: { title: "Success", message: "Successfully deleted 4 configurations." } });
    expect(await auditCount()).toBe(audits + 4);
    for (const [type] of Object.entries(values)) {
      expect(await rowOf(`TEST_${type}`)).toBeUndefined();
      expect(await readConfigurationValue(`TEST_${type}`)).toBeNull();
    }
    for (const id of ids) expect((await auditOf(Number(id))).at(-1)).toMatchObject({ action: "deleteConfiguration", afterValue: null });
  });

  it("refuses invalid JSON with 'Invalid Json!' and writes nothing", async () => {
    const [rows, audits] = [await configurationCount(), await auditCount()];
    expect(fieldErrorsOf(await create(admin, "TEST_BAD_JSON", "JSON", "{'a': 1}"))).toEqual({ configValue: [INVALID_JSON] });
    expect(fieldErrorsOf(await update(admin, "SCAN_TYPES_RELATION", "[1,"))).toEqual({ configValue: [INVALID_JSON] });
    expect(fieldErrorsOf(await create(admin, "TEST_DEEP", "JSON", `${"[".repeat(40)}${"]".repeat(40)}`)).configValue[0]).toMatch(/deeper than 32 levels/);
    expect([await configurationCount(), await auditCount()]).toEqual([rows, audits]);
  });

  it("refuses a known key of the wrong shape or type with its message, a changed key or type, and a duplicate", async () => {
    const [rows, audits] = [await configurationCount(), await auditCount()];
    const roles = await mustRow("REQUIRED_ROLES_FOR_PAGES");
    expect(fieldErrorsOf(await update(admin, "REQUIRED_ROLES_FOR_PAGES", JSON.stringify({ pageName: "admin" })))).toEqual({
      configValue: ["REQUIRED_ROLES_FOR_PAGES must be a JSON list of { pageName, requiredRoles: [role, ...] }"],
    });
    expect(fieldErrorsOf(await update(admin, "ACCESS_TO_QUOTE", JSON.stringify({ roles: "DIP_ADMIN" }))).configValue[0]).toMatch(/^ACCESS_TO_QUOTE must be/);
    expect(fieldErrorsOf(await create(admin, "ANALYTICS_KEY", "ENCRYPT", "abc"))).toEqual({ configValueType: ["ANALYTICS_KEY must be TEXT"] });
    expect(fieldErrorsOf(await update(admin, "SCAN_TYPES_RELATION", "{}", { configKey: "SCAN_TYPES_RELATION_2" }))).toEqual({
      configKey: [CONFIGURATION_MESSAGES.keyFixed],
    });
    expect(fieldErrorsOf(await update(admin, "SCAN_TYPES_RELATION", "some text", { configValueType: "TEXT" }))).toEqual({
      configValueType: [CONFIGURATION_MESSAGES.typeFixed],
    });
    expect(fieldErrorsOf(await create(admin, "SCAN_TYPES_RELATION", "JSON", "{}"))).toEqual({ configKey: [CONFIGURATION_MESSAGES.duplicate] });
    expect(fieldErrorsOf(await saveConfiguration(admin, formData({ configValueType: "YAML", configValue: "a: 1" })))).toMatchObject({
      configKey: [CONFIGURATION_MESSAGES.keyRequired],
      configValueType: [expect.stringContaining("must be one of JSON, TEXT, ENCRYPT, BILLING_RULE, LIST_CODE_LABELS")],
    });
    expect(await mustRow("REQUIRED_ROLES_FOR_PAGES")).toEqual(roles);
    expect([await configurationCount(), await auditCount()]).toEqual([rows, audits]);
  });

  it("refuses a stale version, naming who changed the entry and when, and writes nothing", async () => {
    const seeded = await mustRow("CCC_SUPPORT_CONTACT_INFO");
    const stale = (value: string, version: string) =>
      saveConfiguration(
        power,
        formData({ configId: String(seeded.configId), version, configKey: seeded.configKey, configValueType: "TEXT", configValue: value, isActive: "on" }),
      );

    // Never saved through the portal: the row's own updatedBy and updatedDateTime.
    const olderVersion = new Date(Date.parse(seeded.updatedDateTime) - 60_000).toISOString();
    expect(await stale("too late", olderVersion)).toEqual({
      kind: "conflict",
      message: {
        title: "Error",
        message: CONFIGURATION_MESSAGES.changedBy(seeded.updatedBy ?? "", formatInstant(seeded.updatedDateTime, "UTC", "configuration")),
      },
    });

    expect((await update(admin, "CCC_SUPPORT_CONTACT_INFO", "Call 1-800-555-0100")).kind).toBe("done");
    const saved = await mustRow("CCC_SUPPORT_CONTACT_INFO");
    const audits = await auditCount();
    const [last] = (await auditOf(saved.configId)).slice(-1);
    expect(await stale("mine instead", seeded.updatedDateTime)).toEqual({
      kind: "conflict",
      message: { title: "Error", message: CONFIGURATION_MESSAGES.changedBy("admin", formatInstant(last.at, "UTC", "configuration")) },
    });
    expect(await mustRow("CCC_SUPPORT_CONTACT_INFO")).toEqual(saved);
    expect(await auditCount()).toBe(audits);
  });

  it("refuses a change to REQUIRED_ROLES_FOR_PAGES, or its deletion, that would take the Configurations page from the person saving it", async () => {
    const before = await mustRow("REQUIRED_ROLES_FOR_PAGES");
    const audits = await auditCount();
    const withConfiguration = (roles: string[]) =>
      JSON.stringify(REQUIRED_ROLES_FOR_PAGES.map((page) => (page.pageName === "configuration" ? { ...page, requiredRoles: roles } : page)));

    expect(fieldErrorsOf(await update(admin, "REQUIRED_ROLES_FOR_PAGES", withConfiguration(["CCC_Admin"])))).toEqual({
      configValue: [CONFIGURATION_MESSAGES.lockOut],
    });
    expect(fieldErrorsOf(await update(admin, "REQUIRED_ROLES_FOR_PAGES", before.configValue ?? "", { isActive: undefined }))).toEqual({
      configValue: [CONFIGURATION_MESSAGES.lockOut],
    });
    const deletion = await deleteConfigurations(admin, formData({ configIds: String(before.configId) }));
    expect(deletion).toMatchObject({ kind: "refused", formErrors: [CONFIGURATION_MESSAGES.lockOut] });
    expect(await mustRow("REQUIRED_ROLES_FOR_PAGES")).toEqual(before);
    expect(await auditCount()).toBe(audits);

    // Taking the page from others while keeping it is allowed, and read on the next call.
    const adminsOnly = withConfiguration(["DIP_ADMIN"]);
    expect((await update(admin, "REQUIRED_ROLES_FOR_PAGES", adminsOnly)).kind).toBe("done");
    expect(await readConfigurationValue("REQUIRED_ROLES_FOR_PAGES")).toBe(adminsOnly);
    expect((await update(admin, "REQUIRED_ROLES_FOR_PAGES", before.configValue ?? "")).kind).toBe("done");
    expect(await auditCount()).toBe(audits + 2);
  });

  it("stores an ENCRYPT value encrypted, keeps it when the value is left empty, and never puts it in the audit log", async () => {
    const secret = "maps-secret-0123456789";
    // SQLite reuses the id of a deleted last row: this entry's rows are the ones after this point.
    const firstAudit = Number(
      (
        await db()
          .selectFrom("auditLog")
          .select((eb) => eb.fn.max("id").as("last"))
          .executeTakeFirstOrThrow()
      ).last ?? 0,
    );
    expect((await create(admin, "TEST_SECRET", "ENCRYPT", secret)).kind).toBe("done");
    const created = await mustRow("TEST_SECRET");
    const stored = created.configValue ?? "";
    expect(stored).toMatch(/^enc:v2:/);
    expect(stored).not.toContain(secret);
    expect(decryptSecret(stored)).toBe(secret);

    expect((await update(admin, "TEST_SECRET", "", { configDescription: "described" })).kind).toBe("done");
    const kept = await mustRow("TEST_SECRET");
    expect(kept).toMatchObject({ configValue: stored, configDescription: "described" });

    const next = "another-secret-9876543210";
    expect((await update(admin, "TEST_SECRET", next)).kind).toBe("done");
    const replaced = (await mustRow("TEST_SECRET")).configValue ?? "";
    expect(decryptSecret(replaced)).toBe(next);

    const audit = (await auditOf(created.configId)).filter((row) => row.id > firstAudit);
    expect(audit.map((row) => row.action)).toEqual(["createConfiguration", "updateConfiguration", "updateConfiguration"]);
    const text = JSON.stringify(audit);
    for (const hidden of [secret, next, stored, replaced, stored.slice(7, 40), replaced.slice(7, 40)]) expect(text).not.toContain(hidden);
    expect(JSON.parse(audit[0].afterValue ?? "null")).toMatchObject({ configValue: NEW_SECRET });
    expect(JSON.parse(audit[1].afterValue ?? "null")).toMatchObject({ configValue: MASKED, configDescription: "described" });
    expect(JSON.parse(audit[2].afterValue ?? "null")).toMatchObject({ configValue: NEW_SECRET });

    // The demo data's enc:v1 value cannot be decrypted here: it is kept until a new value replaces it.
    expect((await update(admin, "MAPS_API_KEY", "")).kind).toBe("done");
    expect((await mustRow("MAPS_API_KEY")).configValue).toMatch(/^enc:v1:/);
    expect(fieldErrorsOf(await create(admin, "TEST_SECRET_2", "ENCRYPT", ""))).toEqual({ configValue: [CONFIGURATION_MESSAGES.secretRequired] });
  });

  it("deletes at most 100 at once, and nothing when one of them is already gone", async () => {
    const [rows, audits] = [await configurationCount(), await auditCount()];
    const tooMany = Array.from({ length: 101 }, (_, i) => String(i + 1));
    expect(await deleteConfigurations(admin, formData({ configIds: tooMany }))).toMatchObject({
      kind: "refused",
      fieldErrors: { configIds: [CONFIGURATION_MESSAGES.deleteTooMany] },
    });
    const relation = await mustRow("SCAN_TYPES_RELATION");
    expect(await deleteConfigurations(admin, formData({ configIds: [String(relation.configId), "987654"] }))).toEqual({
      kind: "conflict",
      message: { title: "Error", message: CONFIGURATION_MESSAGES.goneSome([987654]) },
    });
    expect([await configurationCount(), await auditCount()]).toEqual([rows, audits]);
  });
  it("shows a new entry's History from its creation only, also when SQLite gives it a deleted entry's id", async () => {
    const minute = (n: number) => ({ ...admin, now: new Date(Date.UTC(2030, 0, 1, 0, n)) });
    expect((await create(minute(1), "TEST_REUSED_ONE", "TEXT", "first")).kind).toBe("done");
    const first = await mustRow("TEST_REUSED_ONE");
    expect((await update(minute(2), "TEST_REUSED_ONE", "first, changed")).kind).toBe("done");
    expect((await deleteConfigurations(minute(3), formData({ configIds: String(first.configId) }))).kind).toBe("done");
    expect((await create(minute(4), "TEST_REUSED_TWO", "TEXT", "second")).kind).toBe("done");
    const second = await mustRow("TEST_REUSED_TWO");
    if (dialect === "sqlite") expect(second.configId).toBe(first.configId);
    const detail = await findConfigurationDetail(second.configId, "UTC", true);
    expect(detail?.history.map((entry) => entry.action)).toEqual(["createConfiguration"]);
  });
});
