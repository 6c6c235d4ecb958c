import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import { readRecordHistory } from "~/modules/audit/record-history.server";
import { LOGO_MESSAGES } from "~/modules/providers/logo-file";
import { providerChoices, type ProviderChoices } from "~/modules/providers/provider-choices.server";
import { providerLogoResponse, saveProviderLogo } from "~/modules/providers/provider-logo.server";
import { selectableProviderOptions } from "~/modules/providers/provider-options.server";
import { newProviderSchema, providerEditSchema, type NewProvider, type ProviderEdit } from "~/modules/providers/provider-rules";
import { addProvider, PROVIDER_ENTITY, PROVIDER_SAVE_MESSAGES, updateProvider } from "~/modules/providers/save-provider.server";
import { loader as transactionsLoader } from "~/routes/_shell.transactions._index";
import { testDialects } from "../support/databases";
import { viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";

/**
 * Adding and changing providers (issue 13) on SQLite and PostgreSQL, after the forms' schemas:
 * configured choices only, the billing rule's parameters, unique id and code, the version check,
 * routings replaced, one audit row per change and the History it gives.
 */
const ADMIN: UserClaims = {
  id: "u-prov-admin",
  login: "prov-admin",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const OTHER: UserClaims = { ...ADMIN, id: "u-prov-other", login: "prov-other" };

describe.each(testDialects)("provider writes on %s", (dialect) => {
  const portal = setUpSeededPortal(dialect, { scale: 200, fileStorage: true, signedIn: { admin: ADMIN } });
  const { db } = portal;
  let choices: ProviderChoices;
  beforeAll(async () => {
    choices = await providerChoices();
  });

  const audits = async () =>
    Number(
      (
        await db()
          .selectFrom("auditLog")
          // Changes written: a refused write is an event of its own (decision 0087), asserted below where it matters.
          .where("outcome", "=", "done")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("entity", "=", PROVIDER_ENTITY)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newProvider = (extra: Partial<NewProvider> = {}): NewProvider => {
    const rule = choices.billingRules[0];
    return newProviderSchema.parse({
      providerId: 7001,
      providerName: "Northwind Diagnostics",
      providerType: "Remote",
      providerCd: "NWD",
      version: "2.0",
      vehicleMakes: [choices.makes[0].code],
      scanTypes: [choices.scanTypes[0].code],
      nonBillableProcedures: [],
      billingRuleId: rule.ruleId,
      billingValues: Object.fromEntries(rule.params.map((param) => [param.paramName, "10"])),
      routings: [{ routingName: "results", routingUrl: "https://nwd.example/results", routingTimeout: 30 }],
      ...extra,
    });
  };

  it("adds a provider with configured choices, its billing values and routings, and one audit row", async () => {
    expect(choices.makes.length).toBeGreaterThan(0);
    expect(choices.billingRules.length).toBeGreaterThan(0);
    expect(await addProvider(ADMIN, newProvider())).toEqual({ kind: "done", message: PROVIDER_SAVE_MESSAGES.added });
    const row = await db().selectFrom("providers").selectAll().where("providerId", "=", 7001).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      providerName: "Northwind Diagnostics",
      isActive: 1,
      rowVersion: 1,
      createdBy: "prov-admin",
      billingRuleId: choices.billingRules[0].ruleId,
    });
    expect(Object.keys(JSON.parse(row.billingRuleParamValues))).toEqual(choices.billingRules[0].params.map((param) => param.paramName));
    expect(await db().selectFrom("providerRoutings").select(["routingName", "routingUrl"]).where("providerId", "=", 7001).execute()).toEqual([
      { routingName: "results", routingUrl: "https://nwd.example/results" },
    ]);
    expect(await audits()).toBe(1);
  });

  it("refuses a duplicate id or code, an unconfigured choice, an unknown rule and a missing parameter value, writing nothing", async () => {
    const before = await audits();
    const rule = choices.billingRules.find((candidate) => candidate.params.length > 0) ?? choices.billingRules[0];
    const cases: [NewProvider, string][] = [
      [newProvider(), "providerId"],
      [newProvider({ providerId: 7002, providerCd: "nwd" }), "providerCd"],
      [newProvider({ providerId: 7003, providerCd: "X1", vehicleMakes: ["NOT-A-MAKE"] }), "vehicleMakes"],
      [newProvider({ providerId: 7004, providerCd: "X2", billingRuleId: "NO_SUCH_RULE" }), "billingRuleId"],
      [newProvider({ providerId: 7005, providerCd: "X3", billingRuleId: rule.ruleId, billingValues: {} }), `billingValues.${rule.params[0]?.paramName}`],
    ];
    for (const [value, field] of cases) {
      const outcome = await addProvider(ADMIN, value);
      expect(outcome.kind, field).toBe("refused");
      expect(outcome.kind === "refused" && Object.keys(outcome.fieldErrors), field).toContain(field);
    }
    expect(await db().selectFrom("providers").select("providerId").where("providerId", "in", [7002, 7003, 7004, 7005]).execute()).toEqual([]);
    expect(await audits()).toBe(before);
  });

  it("saves an edit with the Activate checkbox and new routings, refuses a stale form naming who changed it, and the History shows the change", async () => {
    const edit = (extra: Record<string, unknown> = {}): ProviderEdit =>
      providerEditSchema.parse({
        providerName: "Northwind Diagnostics Inc.",
        providerType: "Remote",
        providerCd: "NWD",
        version: "2.0",
        isActive: false,
        vehicleMakes: [choices.makes[0].code, choices.makes[1].code],
        scanTypes: [choices.scanTypes[0].code],
        productCodes: "P1, P2",
        vinBillingIntervalDays: 30,
        routings: [
          { routingName: "results", routingUrl: "https://nwd.example/v2/results", routingTimeout: 20 },
          { routingName: "", routingUrl: "" },
        ],
        ...extra,
      });
    expect(await updateProvider(OTHER, 7001, 1, edit(), "UTC")).toEqual({ kind: "done", message: PROVIDER_SAVE_MESSAGES.updated });
    const row = await db().selectFrom("providers").selectAll().where("providerId", "=", 7001).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      providerName: "Northwind Diagnostics Inc.",
      isActive: 0,
      rowVersion: 2,
      updatedBy: "prov-other",
      vinBillingIntervalDays: 30,
      billingRuleId: null,
    });
    expect(JSON.parse(row.productCodes ?? "null")).toEqual(["P1", "P2"]);
    expect(await db().selectFrom("providerRoutings").select("routingUrl").where("providerId", "=", 7001).execute()).toEqual([
      { routingUrl: "https://nwd.example/v2/results" },
    ]);

    const before = await audits();
    const stale = await updateProvider(ADMIN, 7001, 1, edit({ providerName: "Stale" }), "UTC");
    expect(stale.kind).toBe("conflict");
    expect(stale.kind === "conflict" && stale.message.message).toMatch(/changed by prov-other at /);
    expect((await db().selectFrom("providers").select("providerName").where("providerId", "=", 7001).executeTakeFirstOrThrow()).providerName).toBe(
      "Northwind Diagnostics Inc.",
    );
    expect(await audits()).toBe(before);

    const history = await readRecordHistory(PROVIDER_ENTITY, "7001", { timeZone: "UTC" });
    expect(history.map((entry) => entry.actor)).toEqual(["prov-other", "prov-admin"]);
    expect(history[0].changes).toEqual(
      expect.arrayContaining([
        { field: "providerName", before: "Northwind Diagnostics", after: "Northwind Diagnostics Inc." },
        { field: "status", before: "Active", after: "Inactive" },
        { field: "routings", before: "results https://nwd.example/results (30 s)", after: "results https://nwd.example/v2/results (20 s)" },
      ]),
    );
    expect((await updateProvider(ADMIN, 99_999, 1, edit(), "UTC")).kind).toBe("refused");
  });

  it("answers 'Received response. But failed to save changes.' when the save reaches a provider that is gone, writing nothing", async () => {
    const edit = providerEditSchema.parse({
      providerName: "Gone Diagnostics",
      providerType: "Remote",
      providerCd: "GONE",
      version: "2.0",
      isActive: true,
      vehicleMakes: [choices.makes[0].code],
      scanTypes: [choices.scanTypes[0].code],
    });
    // The form was read, then the provider was removed before the save reached the database.
    expect(await addProvider(ADMIN, newProvider({ providerId: 7010, providerCd: "GONE" }))).toMatchObject({ kind: "done" });
    await db().deleteFrom("providerRoutings").where("providerId", "=", 7010).execute();
    await db().deleteFrom("providers").where("providerId", "=", 7010).execute();
    const before = await audits();
    const outcome = await updateProvider(ADMIN, 7010, 1, edit, "UTC");
    expect(outcome).toMatchObject({ kind: "refused", message: { title: "Fail", message: "Received response. But failed to save changes." } });
    expect(PROVIDER_SAVE_MESSAGES.notSaved.message).toBe("Received response. But failed to save changes.");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    expect(await saveProviderLogo(ADMIN, 7010, 1, png)).toMatchObject({ kind: "refused", message: PROVIDER_SAVE_MESSAGES.notSaved });
    expect(await db().selectFrom("providers").select("providerId").where("providerId", "=", 7010).execute()).toEqual([]);
    expect(await db().selectFrom("providerRoutings").select("providerId").where("providerId", "=", 7010).execute()).toEqual([]);
    expect(await audits()).toBe(before);
    expect(fs.readdirSync(path.join(portal.database.dataDir, "files", "logos", "providers")).filter((name) => name.startsWith("7010-"))).toEqual([]);
  });

  it("stores a logo recognised by its bytes, serves it with that type, and refuses anything else or a stale form", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const { rowVersion } = await db().selectFrom("providers").select("rowVersion").where("providerId", "=", 7001).executeTakeFirstOrThrow();
    const before = await audits();
    expect((await saveProviderLogo(ADMIN, 7001, rowVersion, new TextEncoder().encode("<svg onload=alert(1)>"))).kind).toBe("refused");
    expect(await saveProviderLogo(ADMIN, 7001, rowVersion, new TextEncoder().encode("<svg onload=alert(1)>"))).toMatchObject({
      fieldErrors: { logoFile: [LOGO_MESSAGES.type] },
    });
    expect(await audits()).toBe(before);

    expect(await saveProviderLogo(ADMIN, 7001, rowVersion, png)).toEqual({ kind: "done", message: PROVIDER_SAVE_MESSAGES.updated });
    const response = await providerLogoResponse(7001);
    expect(response?.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await (response as Response).arrayBuffer())).toEqual(png);
    expect(await audits()).toBe(before + 1);

    // The same form again: its version is stale now; the file it stored is not left behind.
    const files = () => fs.readdirSync(path.join(portal.database.dataDir, "files", "logos", "providers")).filter((name) => name.startsWith("7001-"));
    expect(files()).toHaveLength(1);
    expect((await saveProviderLogo(ADMIN, 7001, rowVersion, png, new Date(Date.now() + 1000))).kind).toBe("conflict");
    expect(files()).toHaveLength(1);
    expect(await providerLogoResponse(7002)).toBeNull();
  });

  it("shows a provider added or made inactive in the grids' provider lists on the next request, an inactive one labelled so", async () => {
    const providerList = async () =>
      (await viewGridLoader<GridView<unknown>>(transactionsLoader, portal.cookies.admin, "/transactions?panel=filters")).options.provider;
    expect((await providerList()).some((option) => option.value === "7030")).toBe(false);

    expect(await addProvider(ADMIN, newProvider({ providerId: 7030, providerName: "Quayside Scan", providerCd: "QSS" }))).toMatchObject({ kind: "done" });
    expect(await providerList()).toContainEqual({ value: "7030", label: "Quayside Scan" });
    expect(await selectableProviderOptions()).toContainEqual({ value: "7030", label: "Quayside Scan" });

    const edit = (isActive: boolean) =>
      providerEditSchema.parse({
        providerName: "Quayside Scan",
        providerType: "Remote",
        providerCd: "QSS",
        version: "2.0",
        isActive,
        vehicleMakes: [choices.makes[0].code],
        scanTypes: [choices.scanTypes[0].code],
      });
    expect(await updateProvider(ADMIN, 7030, 1, edit(false), "UTC")).toMatchObject({ kind: "done" });
    const inactive = await providerList();
    expect(inactive).toContainEqual({ value: "7030", label: "Quayside Scan (Inactive)" });
    expect(inactive.filter((option) => option.value === "7030")).toHaveLength(1);
    // The seed's inactive provider is labelled the same way; active ones are not.
    const seededInactive = await db()
      .selectFrom("providers")
      .select(["providerId", "providerName"])
      .where("isActive", "=", 0)
      .where("version", "=", "2.0")
      .where("providerCd", "!=", "AHMC")
      .execute();
    for (const row of seededInactive) expect(inactive).toContainEqual({ value: String(row.providerId), label: `${row.providerName} (Inactive)` });
    expect(inactive.filter((option) => option.label.endsWith("(Inactive)")).length).toBe(seededInactive.length);

    expect(await updateProvider(ADMIN, 7030, 2, edit(true), "UTC")).toMatchObject({ kind: "done" });
    expect(await providerList()).toContainEqual({ value: "7030", label: "Quayside Scan" });
  });
});
