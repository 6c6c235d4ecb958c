import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import { providerChoices, type ProviderChoices } from "~/modules/providers/provider-choices.server";
import type { ProviderRowDetail } from "~/modules/providers/provider-detail";
import { PROVIDER_MESSAGES } from "~/modules/providers/provider-rules";
import { PROVIDER_ENTITY } from "~/modules/providers/save-provider.server";
import { action as gridAction, loader as gridLoader } from "~/routes/_shell.admin.providers";
import { action as newAction, loader as newLoader } from "~/routes/_shell.admin.providers_.new";
import { testDialects } from "../support/databases";
import { loaderData, viewGridLoader } from "../support/grid-loader";
import { allowOutbound } from "../support/outbound-allow";
import { providerDetailForm } from "../support/provider-detail-form";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, loaderArgs, pageRequest, TEST_ORIGIN } from "../support/signed-in-request";

/**
 * A routing naming an internal address as written is refused when the provider is saved (decision
 * 0061), through the real actions of the detail form's Save and 'Add new provider': the message
 * beside that row's URL (numbered as the form numbers it), everything typed given back, nothing
 * written; an address OUTBOUND_ALLOW names, and an ordinary public one, save.
 */
const ADMIN: UserClaims = {
  id: "u-ra-admin",
  login: "ra-admin",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const REFUSED = PROVIDER_MESSAGES.routingAddressRefused;

type Refusal = { kind: string; result: { error: Record<string, string[] | null>; initialValue: Record<string, unknown> } };

describe.each(testDialects)("routing addresses at save on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 200, signedIn: { admin: ADMIN } });
  let choices: ProviderChoices;
  beforeAll(async () => {
    choices = await providerChoices();
  });
  afterEach(() => allowOutbound(undefined));

  const post = (path: string, body: FormData) => new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers: { Cookie: cookies.admin }, body });
  const detailOf = async (id: number) => {
    const page = await viewGridLoader<GridView<ProviderRowDetail>>(gridLoader, cookies.admin, `/admin/providers?providerId=${id}&expanded=${id}`);
    if (!page.detail) throw new Error(`no detail for provider ${id}`);
    return page.detail;
  };
  const stored = async (id: number) => ({
    row: await db().selectFrom("providers").selectAll().where("providerId", "=", id).executeTakeFirst(),
    routings: await db().selectFrom("providerRoutings").select(["routingName", "routingUrl"]).where("providerId", "=", id).orderBy("routingId").execute(),
    audits: (await db().selectFrom("auditLog").select("id").where("entity", "=", PROVIDER_ENTITY).where("entityId", "=", String(id)).execute()).length,
  });
  const save = async (detail: ProviderRowDetail, routings: Array<{ routingName: string; routingUrl: string }>) =>
    gridAction(actionArgs(post("/admin/providers", providerDetailForm(detail, { providerName: `${detail.providerName} (edited)`, routings }))));
  /** An 'Add new provider' form as its page issues it (with the page's one-time token). */
  const newForm = async (providerId: number, routingUrl: string) => {
    const rule = choices.billingRules[0];
    const form = new FormData();
    form.append("token", (loaderData(await newLoader(loaderArgs(pageRequest("/admin/providers/new", cookies.admin)))) as { token: string }).token);
    for (const [name, value] of [
      ["providerId", String(providerId)],
      ["providerName", "Harbor Relay Co"],
      ["providerType", "Remote Diagnostics"],
      ["providerCd", `HR${providerId}`],
      ["version", "2.0"],
      ["vehicleMakes", choices.makes[0].code],
      ["scanTypes", choices.scanTypes[0].code],
      ["billingRuleId", rule.ruleId],
      ...rule.params.map((param) => [`billingValues.${param.paramName}`, "5"]),
      ["routings[0].routingName", "SHOP_REGISTRATION"],
      ["routings[0].routingUrl", routingUrl],
    ])
      form.append(name, value);
    return form;
  };

  it("the detail form's Save refuses each internal address beside its own row's URL, keeps what was typed and writes nothing", async () => {
    const detail = await detailOf(1004);
    const before = await stored(1004);
    expect(before.routings.length).toBeGreaterThan(0);
    const refusedUrls = [
      "http://127.0.0.1:8080/v2/shops",
      "http://localhost/v2",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://[::1]:9000/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
      "http://api.localhost/",
    ];
    for (const url of refusedUrls) {
      const answer = loaderData(
        await save(detail, [
          { routingName: "results", routingUrl: "https://provider.example.com/results" },
          { routingName: "", routingUrl: "" },
          { routingName: "SHOP_REGISTRATION", routingUrl: url },
        ]),
      ) as Refusal;
      expect(answer.kind, url).toBe("refused");
      expect(answer.result.error["routings[2].routingUrl"], url).toEqual([REFUSED]);
      expect(answer.result.error["routings[0].routingUrl"] ?? null, url).toBeNull();
      expect(answer.result.initialValue, url).toMatchObject({ providerName: `${detail.providerName} (edited)` });
      expect((answer.result.initialValue.routings as unknown[])[2], url).toEqual({ routingName: "SHOP_REGISTRATION", routingUrl: url });
    }
    expect(await stored(1004)).toEqual(before);

    const ordinary = [{ routingName: "SHOP_REGISTRATION", routingUrl: "https://provider.example.com/registrations" }];
    expect(await save(detail, ordinary)).toBeInstanceOf(Response);
    expect((await stored(1004)).routings).toEqual(ordinary);
  });

  it("an address the allow-list names saves: a private range on the detail form, a loopback name on 'Add new provider'", async () => {
    const detail = await detailOf(1005);
    allowOutbound("10.20.0.0/16,localhost");
    const privateRange = [{ routingName: "SHOP_REGISTRATION", routingUrl: "http://10.20.1.5:8443/v2/shops" }];
    expect(await save(detail, privateRange)).toBeInstanceOf(Response);
    expect((await stored(1005)).routings).toEqual(privateRange);
    const outside = loaderData(
      await save({ ...detail, version: detail.version + 1 }, [{ routingName: "SHOP_REGISTRATION", routingUrl: "http://10.21.1.5/v2/shops" }]),
    ) as Refusal;
    expect(outside.result.error["routings[0].routingUrl"]).toEqual([REFUSED]);

    const added = await newAction(actionArgs(post("/admin/providers/new", await newForm(8301, "http://localhost:9000/v2/shops"))));
    expect(added).toBeInstanceOf(Response);
    expect((await stored(8301)).routings).toEqual([{ routingName: "SHOP_REGISTRATION", routingUrl: "http://localhost:9000/v2/shops" }]);
  });

  it("'Add new provider' refuses an internal address beside the routing URL, keeps the form and adds nothing; a public https address adds", async () => {
    for (const [id, url] of [
      [8311, "http://169.254.169.254/latest/meta-data/"],
      [8312, "http://127.0.0.1:3000/sandbox/providers/shop-registrations"],
      [8313, "https://[fd00::1]/v2"],
    ] as const) {
      const answer = loaderData(await newAction(actionArgs(post("/admin/providers/new", await newForm(id, url))))) as Refusal;
      expect(answer.result.error["routings[0].routingUrl"], url).toEqual([REFUSED]);
      expect(answer.result.initialValue, url).toMatchObject({
        providerId: String(id),
        providerName: "Harbor Relay Co",
        routings: [{ routingName: "SHOP_REGISTRATION", routingUrl: url }],
      });
      expect(await stored(id), url).toEqual({ row: undefined, routings: [], audits: 0 });
    }
    const added = await newAction(actionArgs(post("/admin/providers/new", await newForm(8314, "https://provider.example.com/registrations"))));
    expect(added).toBeInstanceOf(Response);
    expect((await stored(8314)).routings).toEqual([{ routingName: "SHOP_REGISTRATION", routingUrl: "https://provider.example.com/registrations" }]);
  });
});
