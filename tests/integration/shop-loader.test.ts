import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import { loadShopDocuments, SHOP_ENTITY } from "~/modules/shop-loader/load-shop-documents.server";
import { MAX_SHOP_DOCUMENTS, SHOP_LOADER_MESSAGES, type LoadReport } from "~/modules/shop-loader/shop-document";
import { EXAMPLE_SHOP_DOCUMENT_TEXT } from "~/modules/shop-loader/shop-document-guide";
import type { ShopLoaderAnswer } from "~/modules/shop-loader/shop-loader-page.server";
import { encryptSecret } from "~/platform/configuration/secret-box.server";
import { action, loader } from "~/routes/_shell.devtools";
import { testDialects } from "../support/databases";
import { loaderData } from "../support/grid-loader";
import { allowOutbound } from "../support/outbound-allow";
import { setUpSeededPortal } from "../support/seeded-portal";
import { actionArgs, formRequest, loaderArgs, pageRequest } from "../support/signed-in-request";
import { thrownStatus } from "../support/thrown-status";

/**
 * The shop document loader (issue 14): each record checked, added under its master_location_id
 * unless one exists (skipped), license_num padded, the fixed values, one audit row per shop, the
 * limits, and the page permission.
 */
const ADMIN: UserClaims = {
  id: "u-sl-admin",
  login: "sl-admin",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: null,
};
const POWER: UserClaims = { ...ADMIN, id: "u-sl-power", login: "sl-power", roles: ["DIP_PORTAL", "DIP_POWER"] };

const document = (id: number, extra: Record<string, unknown> = {}) => ({
  repair_facility_id: id,
  master_location_id: `ML-${id}`,
  license_num: 42,
  cust_name: `Loader Body Shop ${id}`,
  addr_line1: "1 Test Way",
  city: "Austin",
  state_cd: "tx",
  zip: "78701",
  latitude: 30.27,
  longitude: -97.74,
  state: "Ignored",
  country_cd: "CAN",
  created_user: "someone",
  ...extra,
});

describe.each(testDialects)("the shop document loader on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, { scale: 200, signedIn: { admin: ADMIN, power: POWER }, secretBox: true });
  const shopCount = async () =>
    Number(
      (
        await db()
          .selectFrom("shops")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const report = async (pasted: unknown): Promise<LoadReport> => {
    const outcome = await loadShopDocuments(ADMIN, typeof pasted === "string" ? pasted : JSON.stringify(pasted));
    if (outcome.kind !== "report") throw new Error(outcome.problem);
    return outcome.report;
  };

  it("adds new shops with the fixed values and a padded license, skips one that exists, refuses one that is not a shop document", async () => {
    const existing = await db().selectFrom("shops").select(["masterLocationId", "repairFacilityId"]).executeTakeFirstOrThrow();
    const before = await shopCount();
    const result = await report([
      document(9_100_001),
      document(9_100_002, { license_num: "7", is_internal: "Y", tags: ["fleet"] }),
      { ...document(existing.repairFacilityId), master_location_id: existing.masterLocationId },
      document(9_100_003, { zip: "7870" }),
      { cust_name: "No ids" },
      document(9_100_001, { master_location_id: "ML-other" }),
    ]);
    expect(result).toMatchObject({ added: 2, skipped: 1, refused: 3 });
    expect(result.records.map((record) => record.outcome)).toEqual(["added", "added", "skipped", "refused", "refused", "refused"]);
    expect(result.records[3]).toMatchObject({ reason: "zip must be 5 digits." });
    expect(result.records[5]).toMatchObject({ reason: expect.stringContaining("repair_facility_id 9100001 is another shop's") });
    expect(await shopCount()).toBe(before + 2);

    const added = await db().selectFrom("shops").selectAll().where("repairFacilityId", "=", 9_100_001).executeTakeFirstOrThrow();
    expect(added).toMatchObject({
      masterLocationId: "ML-9100001",
      licenseNum: "000042",
      stateCd: "TX",
      state: "Texas",
      countryCd: "USA",
      createdUser: "DIP_ADMIN",
      updatedUser: "DIP_ADMIN",
      isInternal: "N",
    });
    expect(await db().selectFrom("shops").select(["licenseNum", "isInternal"]).where("repairFacilityId", "=", 9_100_002).executeTakeFirstOrThrow()).toEqual({
      licenseNum: "000007",
      isInternal: "Y",
    });
    const audits = await db().selectFrom("auditLog").select("entityId").where("entity", "=", SHOP_ENTITY).execute();
    expect(audits.map((row) => row.entityId).sort()).toEqual(["9100001", "9100002"]);

    // The same paste again adds nothing: everything it added exists now.
    const again = await report([document(9_100_001), document(9_100_002, { license_num: "7" })]);
    expect(again).toMatchObject({ added: 0, skipped: 2, refused: 0 });
    expect(await shopCount()).toBe(before + 2);
  });

  it("adds a single document as well as a list, and the same paste sent twice at once adds it once", async () => {
    const before = await shopCount();
    const [first, second] = await Promise.all([report(document(9_100_010)), report(document(9_100_010))]);
    expect(first.added + second.added).toBe(1);
    expect(first.skipped + second.skipped).toBe(1);
    expect(await shopCount()).toBe(before + 1);
  });

  it("answers what is not a list of shop documents, or is too long, with a clear message and writes nothing", async () => {
    const before = await shopCount();
    const problem = async (pasted: string) => {
      const outcome = await loadShopDocuments(ADMIN, pasted);
      return outcome.kind === "problem" ? outcome.problem : "a report";
    };
    expect(await problem("   ")).toBe(SHOP_LOADER_MESSAGES.empty);
    expect(await problem("{not json")).toBe(SHOP_LOADER_MESSAGES.notJson);
    expect(await problem("[1, 2]")).toBe(SHOP_LOADER_MESSAGES.notDocuments);
    expect(await problem("[]")).toBe(SHOP_LOADER_MESSAGES.notDocuments);
    expect(await problem(JSON.stringify(Array.from({ length: MAX_SHOP_DOCUMENTS + 1 }, (_, i) => ({ i }))))).toBe(SHOP_LOADER_MESSAGES.tooMany);
    expect(await problem(`"${"x".repeat(3 * 1024 * 1024)}"`)).toBe(SHOP_LOADER_MESSAGES.tooLarge);
    expect(await shopCount()).toBe(before);
  });

  it("is the page devtools: others get the 404 page; the page answers with the report, and a 10 MB body is refused unread", async () => {
    expect(await thrownStatus(() => loader(loaderArgs(pageRequest("/devtools", cookies.power))))).toBe(404);
    expect(await thrownStatus(() => action(actionArgs(formRequest("/devtools", cookies.power, { documents: JSON.stringify(document(9_100_020)) }))))).toBe(404);
    expect(await db().selectFrom("shops").select("repairFacilityId").where("repairFacilityId", "=", 9_100_020).executeTakeFirst()).toBeUndefined();
    expect(await loader(loaderArgs(pageRequest("/devtools", cookies.admin)))).toEqual({ maps: { configured: false }, example: null });
    // "Start from the example" (?example=Y) fills the text area with the example document.
    expect(await loader(loaderArgs(pageRequest("/devtools?example=Y", cookies.admin)))).toEqual({
      maps: { configured: false },
      example: EXAMPLE_SHOP_DOCUMENT_TEXT,
    });

    const answer = loaderData(
      await action(actionArgs(formRequest("/devtools", cookies.admin, { documents: JSON.stringify([document(9_100_020)]) }))),
    ) as ShopLoaderAnswer;
    expect(answer).toMatchObject({ kind: "report", report: { added: 1, skipped: 0, refused: 0 } });
    const refused = loaderData(await action(actionArgs(formRequest("/devtools", cookies.admin, { documents: "not json" })))) as ShopLoaderAnswer;
    expect(refused).toEqual({ kind: "problem", problem: SHOP_LOADER_MESSAGES.notJson, pasted: "not json" });
    expect(await thrownStatus(() => action(actionArgs(formRequest("/devtools", cookies.admin, { documents: "x".repeat(10 * 1024 * 1024) }))))).toBe(413);
  });
  it("tells whether a configured maps time-zone URL answers, with the key filled in but never shown; nothing configured, no call", async () => {
    expect(await loader(loaderArgs(pageRequest("/devtools", cookies.admin)))).toEqual({ maps: { configured: false }, example: null });
    const seen: string[] = [];
    let status = 200;
    const server = http.createServer((request, response) => {
      seen.push(request.url ?? "");
      response.writeHead(status).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const at = new Date().toISOString();
    const entry = (configKey: string, configValueType: "TEXT" | "ENCRYPT", configValue: string) => ({
      configKey,
      configValueType,
      configValue,
      configGroup: "DEVTOOLS",
      isActive: 1 as const,
      createdDateTime: at,
      updatedDateTime: at,
    });
    await db().deleteFrom("configurations").where("configKey", "=", "MAPS_API_KEY").execute();
    await db()
      .insertInto("configurations")
      .values([
        entry("MAPS_TIME_ZONE_URL", "TEXT", `http://127.0.0.1:${port}/timezone?key={key}`),
        entry("MAPS_API_KEY", "ENCRYPT", encryptSecret("k-secret-42")),
      ])
      .execute();
    try {
      // The entry is edited in the portal: a loopback address is refused unless OUTBOUND_ALLOW names it (decision 0061).
      expect(await loader(loaderArgs(pageRequest("/devtools", cookies.admin)))).toEqual({
        maps: { configured: true, answered: false, detail: "The configured address is not allowed (a loopback, private or link-local address)." },
        example: null,
      });
      expect(seen).toEqual([]);
      allowOutbound("127.0.0.1");
      const answered = await loader(loaderArgs(pageRequest("/devtools", cookies.admin)));
      expect(answered).toEqual({ maps: { configured: true, answered: true, detail: "HTTP 200" }, example: null });
      expect(seen).toEqual(["/timezone?key=k-secret-42"]);
      expect(JSON.stringify(answered)).not.toContain("k-secret-42");
      status = 503;
      expect(await loader(loaderArgs(pageRequest("/devtools", cookies.admin)))).toEqual({
        maps: { configured: true, answered: false, detail: "HTTP 503" },
        example: null,
      });
      await new Promise<void>((resolve) => server.close(() => resolve()));
      expect(await loader(loaderArgs(pageRequest("/devtools", cookies.admin)))).toEqual({
        maps: { configured: true, answered: false, detail: "The address could not be reached." },
        example: null,
      });
    } finally {
      allowOutbound(undefined);
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await db().deleteFrom("configurations").where("configKey", "=", "MAPS_TIME_ZONE_URL").execute();
  });
});
