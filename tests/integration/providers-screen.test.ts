import { beforeAll, describe, expect, it } from "vitest";
import { takeFlash } from "~/auth/flash.server";
import type { UserClaims } from "~/auth/user-claims";
import { MASK_MESSAGES } from "~/forms/input-mask";
import type { GridView } from "~/grid/grid-view";
import { LOGO_MESSAGES } from "~/modules/providers/logo-file";
import { providerChoices, type ProviderChoices } from "~/modules/providers/provider-choices.server";
import type { ProviderRowDetail } from "~/modules/providers/provider-detail";
import { billingParameterMask, PROVIDER_MESSAGES } from "~/modules/providers/provider-rules";
import { PROVIDER_SAVE_MESSAGES } from "~/modules/providers/save-provider.server";
import { action as gridAction, loader as gridLoader } from "~/routes/_shell.admin.providers";
import { action as newAction, loader as newLoader } from "~/routes/_shell.admin.providers_.new";
import { loader as logoLoader } from "~/routes/admin.providers.$id.logo";
import { testDialects } from "../support/databases";
import { loaderData, viewGridLoader } from "../support/grid-loader";
import { providerDetailForm } from "../support/provider-detail-form";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, loaderArgs, pageRequest, TEST_ORIGIN } from "../support/signed-in-request";
import { thrownStatus } from "../support/thrown-status";

/**
 * The Providers screen's routes (issue 13): the detail form's multipart Save with a logo, the logo
 * served by its bytes' type, the no-JavaScript 'Add routing' answer, and 'Add new provider' with
 * its permission, messages and duplicate refusal. The module's own rules are in provider-writes.test.ts.
 */
const ADMIN: UserClaims = {
  id: "u-ps-admin",
  login: "ps-admin",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const POWER: UserClaims = { ...ADMIN, id: "u-ps-power", login: "ps-power", roles: ["DIP_PORTAL", "DIP_POWER"] };
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);

type View = GridView<ProviderRowDetail>;

describe.each(testDialects)("the Providers screen on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 200, signedIn: { admin: ADMIN, power: POWER }, fileStorage: true });
  let choices: ProviderChoices;
  beforeAll(async () => {
    choices = await providerChoices();
  });

  const rowVersionOf = async (id: number) =>
    (await db().selectFrom("providers").select("rowVersion").where("providerId", "=", id).executeTakeFirstOrThrow()).rowVersion;
  const detailOf = async (id: number) => {
    const page = await viewGridLoader<View>(gridLoader, cookies.admin, `/admin/providers?providerId=${id}&expanded=${id}`);
    if (!page.detail) throw new Error(`no detail for provider ${id}`);
    return page.detail;
  };
  const detailForm = (detail: ProviderRowDetail, extra: Array<[string, string | File]> = []) => providerDetailForm(detail, { extra });
  const post = (path: string, cookie: string, body: FormData) => new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers: { Cookie: cookie }, body });
  const popUpOf = async (answer: unknown) => {
    if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(loaderData(answer)).slice(0, 300)}`);
    return (await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: (answer.headers.get("Set-Cookie") ?? "").split(";")[0] } }))).flash;
  };

  it("loads the demo data's billing values into the form, and saves the form with a new logo, served as the type its bytes are", async () => {
    const detail = await detailOf(1001);
    expect(detail.billingRule).not.toBeNull();
    expect(Object.keys(detail.billingRule?.paramValues ?? {}).length).toBeGreaterThan(0);
    expect(detail.choices.scanTypes.map((option) => option.code)).toEqual(expect.arrayContaining(detail.scanTypes));
    expect(detail.scanTypes.length).toBeGreaterThan(0);

    const saved = await gridAction(
      actionArgs(post("/admin/providers", cookies.admin, detailForm(detail, [["logoFile", new File([PNG], "logo.txt", { type: "text/plain" })]]))),
    );
    expect(await popUpOf(saved)).toMatchObject(PROVIDER_SAVE_MESSAGES.updated);
    // The fields' save and the logo's, each with its audit row.
    expect(await rowVersionOf(1001)).toBe(detail.version + 2);
    const after = await detailOf(1001);
    expect(after.logoHref).toBe(`/admin/providers/1001/logo?v=${detail.version + 2}`);
    const logo = (await logoLoader({ ...loaderArgs(pageRequest("/admin/providers/1001/logo", cookies.power)), params: { id: "1001" } })) as Response;
    expect(logo.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(PNG);
    expect(await thrownStatus(() => logoLoader({ ...loaderArgs(pageRequest("/admin/providers/abc/logo", cookies.admin)), params: { id: "abc" } }))).toBe(404);
  });

  it("refuses a logo that is not a JPEG or PNG, or is over 1 MB, and writes nothing; a 50 MB body is refused unread", async () => {
    const detail = await detailOf(1002);
    const html = new File([new TextEncoder().encode("<!doctype html><script>alert(1)</script>")], "logo.png", { type: "image/png" });
    const refused = loaderData(await gridAction(actionArgs(post("/admin/providers", cookies.admin, detailForm(detail, [["logoFile", html]])))));
    expect(refused).toMatchObject({ kind: "refused", intent: "saveProvider", result: { error: { logoFile: [LOGO_MESSAGES.type] } } });
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set(PNG);
    const tooBig = loaderData(
      await gridAction(actionArgs(post("/admin/providers", cookies.admin, detailForm(detail, [["logoFile", new File([big], "big.png")]])))),
    );
    expect(tooBig).toMatchObject({ result: { error: { logoFile: [LOGO_MESSAGES.size] } } });
    expect(await rowVersionOf(1002)).toBe(detail.version);

    const huge = detailForm(detail, [["logoFile", new File([new Uint8Array(50 * 1024 * 1024)], "huge.png")]]);
    expect(await thrownStatus(() => gridAction(actionArgs(post("/admin/providers", cookies.admin, huge))))).toBe(413);
    expect(await rowVersionOf(1002)).toBe(detail.version);
  });

  it("answers 'Add routing' without JavaScript with the form and one more row, writing nothing; the read-only user's Save is refused", async () => {
    const detail = await detailOf(1003);
    const form = detailForm(detail, [["__intent__", JSON.stringify({ type: "insert", payload: { name: "routings" } })]]);
    const answer = loaderData(await gridAction(actionArgs(post("/admin/providers", cookies.admin, form)))) as {
      result: { initialValue: { routings: unknown[] } };
    };
    expect(detail.routings.length).toBeGreaterThan(0);
    expect(answer.result.initialValue.routings).toHaveLength(detail.routings.length + 1);
    expect(await rowVersionOf(1003)).toBe(detail.version);

    const refused = loaderData(await gridAction(actionArgs(post("/admin/providers", cookies.power, detailForm(detail)))));
    expect(JSON.stringify(refused)).toContain("You do not have permission to do this.");
    expect(await rowVersionOf(1003)).toBe(detail.version);
  });

  it("adds a new provider only with addingNewProvider, with the spec's messages, and refuses a duplicate id", async () => {
    expect(await thrownStatus(() => newLoader(loaderArgs(pageRequest("/admin/providers/new", cookies.power))))).toBe(404);
    expect(await thrownStatus(() => newAction(actionArgs(post("/admin/providers/new", cookies.power, new FormData()))))).toBe(404);
    const page = loaderData(await newLoader(loaderArgs(pageRequest("/admin/providers/new", cookies.admin)))) as { choices: ProviderChoices };
    expect(page.choices.makes.length).toBeGreaterThan(0);
    /** The form with a fresh one-time token of the page, as each form the page shows carries. */
    const withToken = async (form: FormData) => {
      form.set("token", (loaderData(await newLoader(loaderArgs(pageRequest("/admin/providers/new", cookies.admin)))) as { token: string }).token);
      return form;
    };

    const empty = loaderData(await newAction(actionArgs(post("/admin/providers/new", cookies.admin, new FormData())))) as {
      result: { error: Record<string, string[]> };
    };
    expect(empty.result.error).toMatchObject({
      providerId: [PROVIDER_MESSAGES.providerId],
      providerName: [PROVIDER_MESSAGES.name],
      providerType: [PROVIDER_MESSAGES.type],
      providerCd: [PROVIDER_MESSAGES.code],
      version: [PROVIDER_MESSAGES.version],
      vehicleMakes: [PROVIDER_MESSAGES.makes],
      scanTypes: [PROVIDER_MESSAGES.scanTypes],
    });

    const rule = choices.billingRules[0];
    const fields = (id: string, code: string) => {
      const form = new FormData();
      for (const [name, value] of [
        ["providerId", id],
        ["providerName", "Harbor Scan Co"],
        ["providerType", "Remote Diagnostics"],
        ["providerCd", code],
        ["version", "2.0"],
        ["vehicleMakes", choices.makes[0].code],
        ["scanTypes", choices.scanTypes[0].code],
        ["billingRuleId", rule.ruleId],
        ...rule.params.map((param) => [`billingValues.${param.paramName}`, "0"]),
      ])
        form.append(name, value);
      return form;
    };
    const zeroes = loaderData(await newAction(actionArgs(post("/admin/providers/new", cookies.admin, await withToken(fields("8001", "HSC")))))) as {
      result: { error: Record<string, string[]> };
    };
    expect(rule.params.length).toBeGreaterThan(0);
    // 0 is filled, so it is refused as not above 0, never as 'Field is required' (decision 0067).
    for (const param of rule.params)
      expect(zeroes.result.error[`billingValues.${param.paramName}`]).toEqual([MASK_MESSAGES.aboveZero(billingParameterMask(param.paramName))]);

    const valid = fields("8001", "HSC");
    for (const param of rule.params) valid.set(`billingValues.${param.paramName}`, "5");
    const added = (await newAction(actionArgs(post("/admin/providers/new", cookies.admin, await withToken(valid))))) as Response;
    expect(added.headers.get("Location")).toBe("/admin/providers?providerId=8001&expanded=8001");
    expect(await popUpOf(added)).toMatchObject(PROVIDER_SAVE_MESSAGES.added);
    expect(await rowVersionOf(8001)).toBe(1);

    // The same form sent again (a double submit) gets the first answer and adds nothing.
    const repeated = (await newAction(actionArgs(post("/admin/providers/new", cookies.admin, valid)))) as Response;
    expect(repeated.headers.get("Location")).toBe("/admin/providers?providerId=8001&expanded=8001");
    expect(await popUpOf(repeated)).toMatchObject(PROVIDER_SAVE_MESSAGES.added);
    expect(await rowVersionOf(8001)).toBe(1);
    // A form the page did not issue to this user adds nothing.
    const forged = fields("8002", "HSD");
    for (const param of rule.params) forged.set(`billingValues.${param.paramName}`, "5");
    forged.set("token", "A".repeat(43));
    const refusedForged = loaderData(await newAction(actionArgs(post("/admin/providers/new", cookies.admin, forged)))) as {
      result: { error: Record<string, string[]> };
    };
    expect(refusedForged.result.error[""]).toEqual([PROVIDER_SAVE_MESSAGES.formNotIssued]);
    expect(await db().selectFrom("providers").select("providerId").where("providerId", "=", 8002).executeTakeFirst()).toBeUndefined();

    // Another form with the same id is refused as a duplicate.
    const again = loaderData(await newAction(actionArgs(post("/admin/providers/new", cookies.admin, await withToken(valid))))) as {
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    };
    expect(again.result.error.providerId).toEqual([PROVIDER_SAVE_MESSAGES.duplicateId]);
    expect(again.result.initialValue.providerName).toBe("Harbor Scan Co");
  });
});
