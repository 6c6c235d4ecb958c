import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import { setFileStorage } from "~/integrations/file-storage.server";
import { createLocalFileStorage, type FileStorage } from "~/integrations/storage.server";
import { PROVIDERS_LOAD_FAILURE } from "~/modules/providers/grid-module.server";
import { LOGO_MESSAGES } from "~/modules/providers/logo-file";
import { providerChoices, type ProviderChoices } from "~/modules/providers/provider-choices.server";
import type { ProviderRowDetail } from "~/modules/providers/provider-detail";
import { PROVIDER_ENTITY, PROVIDER_SAVE_MESSAGES } from "~/modules/providers/save-provider.server";
import { action as gridAction, loader as gridLoader } from "~/routes/_shell.admin.providers";
import { action as newAction, loader as newLoader } from "~/routes/_shell.admin.providers_.new";
import { answerOf } from "../support/action-answer";
import { testDialects } from "../support/databases";
import { loaderData, viewGridLoader } from "../support/grid-loader";
import { providerDetailForm } from "../support/provider-detail-form";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, loaderArgs, pageRequest, TEST_ORIGIN } from "../support/signed-in-request";

/**
 * The Providers screen's failure words (platform spec §8), reached by real faults: a table the
 * query needs renamed away (a broken database schema), and a storage folder that cannot be
 * created (a plain file in its way). Each answer is the spec's message and leaves nothing written.
 */
const ADMIN: UserClaims = {
  id: "u-pf-admin",
  login: "pf-admin",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);

describe.each(testDialects)("the Providers screen's failure messages on %s", (dialect) => {
  const portal = setUpSeededPortal(dialect, { scale: 200, signedIn: { admin: ADMIN }, fileStorage: true });
  const { cookies, db } = portal;
  let choices: ProviderChoices;
  beforeAll(async () => {
    choices = await providerChoices();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The failures are logged as errors; the test keeps its output quiet. */
  const quiet = () => {
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  };
  /** A table renamed away while `work` runs, then back. */
  const withoutTable = async <T>(table: string, work: () => Promise<T>): Promise<T> => {
    await db().schema.alterTable(table).renameTo(`${table}_away`).execute();
    try {
      return await work();
    } finally {
      await db().schema.alterTable(`${table}_away`).renameTo(table).execute();
    }
  };
  const audits = async () =>
    Number(
      (
        await db()
          .selectFrom("auditLog")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("entity", "=", PROVIDER_ENTITY)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rowOf = (id: number) => db().selectFrom("providers").selectAll().where("providerId", "=", id).executeTakeFirst();
  const post = (to: string, body: FormData) => new Request(`${TEST_ORIGIN}${to}`, { method: "POST", headers: { Cookie: cookies.admin }, body });
  const detailOf = async (id: number) => {
    const page = await viewGridLoader<GridView<ProviderRowDetail>>(gridLoader, cookies.admin, `/admin/providers?providerId=${id}&expanded=${id}`);
    if (!page.detail) throw new Error(`no detail for provider ${id}`);
    return page.detail;
  };
  /** The stored form, renamed, with one routing row (so a save writes routings). */
  const detailForm = (detail: ProviderRowDetail, extra: Array<[string, string | File]> = []) =>
    providerDetailForm(detail, {
      providerName: `${detail.providerName} (renamed)`,
      routings: [{ routingName: "results", routingUrl: "https://provider.example/results" }],
      extra,
    });
  const popUpOf = async (answer: unknown) => (await answerOf(answer)).popUp;

  it("load failure: 'Fail' / 'Failed to get provider data from DB.' in the grid's place, not a 500", async () => {
    expect(PROVIDERS_LOAD_FAILURE).toEqual({ title: "Fail", message: "Failed to get provider data from DB." });
    await detailOf(1001);
    quiet();
    const page = await withoutTable("providers", () =>
      viewGridLoader<{ loadFailure?: unknown }>(gridLoader, cookies.admin, "/admin/providers?providerId=1001"),
    );
    expect(page.loadFailure).toEqual({ title: "Fail", message: "Failed to get provider data from DB." });
  });

  it("save error: 'Something went wrong while saving the change. Please try it again', nothing written", async () => {
    const detail = await detailOf(1002);
    const before = { row: await rowOf(1002), audits: await audits() };
    quiet();
    const answer = await withoutTable("provider_routings", () => gridAction(actionArgs(post("/admin/providers", detailForm(detail)))));
    expect(await popUpOf(answer)).toMatchObject({ title: "Fail", message: "Something went wrong while saving the change. Please try it again" });
    expect(PROVIDER_SAVE_MESSAGES.saveFailed.message).toBe("Something went wrong while saving the change. Please try it again");
    expect(await rowOf(1002)).toEqual(before.row);
    expect(await audits()).toBe(before.audits);
  });

  it("add error: 'Something went wrong in server. Please try it again', nothing written", async () => {
    const rule = choices.billingRules[0];
    const form = new FormData();
    for (const [name, value] of [
      ["providerId", "8101"],
      ["providerName", "Faulty Scan Co"],
      ["providerType", "Remote Diagnostics"],
      ["providerCd", "FSC"],
      ["version", "2.0"],
      ["vehicleMakes", choices.makes[0].code],
      ["scanTypes", choices.scanTypes[0].code],
      ["billingRuleId", rule.ruleId],
      ...rule.params.map((param) => [`billingValues.${param.paramName}`, "5"]),
      ["routings[0].routingName", "results"],
      ["routings[0].routingUrl", "https://faulty.example/results"],
    ])
      form.append(name, value);
    form.append("token", (loaderData(await newLoader(loaderArgs(pageRequest("/admin/providers/new", cookies.admin)))) as { token: string }).token);
    const before = await audits();
    quiet();
    const answer = await withoutTable("provider_routings", () => newAction(actionArgs(post("/admin/providers/new", form))));
    expect(await popUpOf(answer)).toMatchObject({ title: "Fail", message: "Something went wrong in server. Please try it again" });
    expect(await rowOf(8101)).toBeUndefined();
    expect(await audits()).toBe(before);
  });

  it("logo storing failure: 'Failed at saving logo image.', nothing written", async () => {
    const detail = await detailOf(1003);
    const before = await rowOf(1003);
    const logoBefore = before?.logoStorageKey ?? null;
    const auditsBefore = await audits();
    // The storage root is under a plain file: its folders cannot be made.
    const blocker = path.join(portal.database.dataDir, "not-a-folder");
    fs.writeFileSync(blocker, "in the way");
    setFileStorage(createLocalFileStorage(blocker));
    quiet();
    try {
      const answer = await gridAction(
        actionArgs(post("/admin/providers", detailForm(detail, [["logoFile", new File([PNG], "logo.png", { type: "image/png" })]]))),
      );
      expect(await popUpOf(answer)).toMatchObject({ title: "Fail", message: "Failed at saving logo image." });
      expect(LOGO_MESSAGES.storing).toBe("Failed at saving logo image.");
    } finally {
      setFileStorage(createLocalFileStorage(portal.database.dataDir));
    }
    // The logo is written in the fields' transaction (decision 0076): neither the fields nor the logo were saved.
    const row = await rowOf(1003);
    expect(row?.rowVersion).toBe(detail.version);
    expect(row?.providerName).toBe(before?.providerName);
    expect(row?.logoStorageKey ?? null).toBe(logoBefore);
    expect(await audits()).toBe(auditsBefore);
    expect(fs.existsSync(path.join(blocker, "files"))).toBe(false);
  });

  it("a file storage that throws on the logo leaves the fields, the routings and the audit log as they were", async () => {
    const detail = await detailOf(1004);
    const before = await rowOf(1004);
    const routingsBefore = await db().selectFrom("providerRoutings").selectAll().where("providerId", "=", 1004).orderBy("routingId").execute();
    const auditsBefore = await audits();
    const local = createLocalFileStorage(portal.database.dataDir);
    const puts: string[] = [];
    const throwing: FileStorage = {
      put: (key) => {
        puts.push(key);
        return Promise.reject(new Error("the storage is down"));
      },
      get: (key) => local.get(key),
      stat: (key) => local.stat(key),
      delete: (key) => local.delete(key),
      openReadStream: (key) => local.openReadStream(key),
    };
    setFileStorage(throwing);
    quiet();
    try {
      const answer = await gridAction(
        actionArgs(post("/admin/providers", detailForm(detail, [["logoFile", new File([PNG], "logo.png", { type: "image/png" })]]))),
      );
      expect(await popUpOf(answer)).toMatchObject({ title: "Fail", message: LOGO_MESSAGES.storing });
    } finally {
      setFileStorage(local);
    }
    // The store was tried, after the fields were written in the same transaction, and all of it rolled back.
    expect(puts).toHaveLength(1);
    expect(await rowOf(1004)).toEqual(before);
    expect(await db().selectFrom("providerRoutings").selectAll().where("providerId", "=", 1004).orderBy("routingId").execute()).toEqual(routingsBefore);
    expect(await audits()).toBe(auditsBefore);

    // The same form with the storage back saves the fields and the logo.
    const saved = await gridAction(
      actionArgs(post("/admin/providers", detailForm(detail, [["logoFile", new File([PNG], "logo.png", { type: "image/png" })]]))),
    );
    expect(await popUpOf(saved)).toMatchObject(PROVIDER_SAVE_MESSAGES.updated);
    const row = await rowOf(1004);
    expect(row?.providerName).toBe(`${detail.providerName} (renamed)`);
    expect(row?.logoStorageKey).toMatch(/^logos\/providers\/1004-/);
    expect(row?.rowVersion).toBe(detail.version + 2);
    expect(await audits()).toBe(auditsBefore + 2);
  });
});
