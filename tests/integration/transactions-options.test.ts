import { beforeEach, describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { providerFilterOptions, providerLock, selectableProviderOptions } from "~/modules/providers/provider-options.server";
import { registeredShopOptions } from "~/modules/shops/registered-shop-options.server";
import { loadTransactionFilterChoices } from "~/modules/transactions/filter-options.server";
import { loader as layoutLoader } from "~/routes/_shell.transactions";
import { loader as transactionsLoader } from "~/routes/_shell.transactions._index";
import { loader as quotesLoader } from "~/routes/_shell.transactions.quotes";
import { loader as servicesLoader } from "~/routes/_shell.transactions.services";
import { testDialects } from "../support/databases";
import { setUpFreshPortalEachTest } from "../support/fresh-portal";
import { viewGridLoader } from "../support/grid-loader";
import { insertConfiguration, insertPagePermissions, insertProvider, insertShop, registerShop } from "../support/portal-rows";
import { loaderArgs, pageRequest, signedInCookie } from "../support/signed-in-request";

/** Filter options from configuration and the database, and the tabs of the transactions page. */
function user(login: string, roles: string[], companyId: number | null = null): UserClaims {
  return { id: `u-${login}`, login, firstName: null, lastName: null, email: null, roles, companyId };
}
const POWER = user("power", ["DIP_PORTAL", "DIP_POWER"]);
const PROVIDER = user("provider", ["DIP_PORTAL", "DIP_PROVIDER"], 1001);
const EVERYONE = { restricted: false } as const;

async function insertProviderWith(providerId: number, providerName: string, providerCd: string, version: string) {
  const at = "2024-01-01T00:00:00.000Z";
  await getDb()
    .insertInto("providers")
    .values({ providerId, providerName, providerType: "SCAN", providerCd, version, createdDateTime: at, updatedDateTime: at })
    .execute();
}

describe.each(testDialects)("transactions filter options on %s", (dialect) => {
  setUpFreshPortalEachTest(dialect);

  beforeEach(async () => {
    await insertPagePermissions();
    await insertProvider(1001, "Keystone Remote");
    await insertProvider(1002, "Alpha Scan");
    await insertProviderWith(1003, "Honda OEM", "AHMC", "2.0");
    await insertProviderWith(1004, "Legacy Gateway", "LDG", "1.0");
    for (const [shopId, name] of [
      [5001, "Zeta Body Shop"],
      [5002, "beta Collision"],
      [5003, "Closed Garage"],
      [5004, "Alpha Auto"],
    ] as const) {
      await insertShop(shopId, name);
    }
    await registerShop(1001, 5001, "Zeta Body Shop");
    await registerShop(1002, 5002, "beta Collision");
    await registerShop(1002, 5001, "Zeta Body Shop");
    await registerShop(1001, 5003, "Closed Garage", 0);
    await registerShop(1002, 5004, "Alpha Auto");
  });

  it("offers providers on version 2.0 except AHMC, by name", async () => {
    expect(await selectableProviderOptions()).toEqual([
      { value: "1002", label: "Alpha Scan" },
      { value: "1001", label: "Keystone Remote" },
    ]);
  });

  it("offers a provider-only user their own provider only, locked, even one that is not selectable", async () => {
    const scope = { restricted: true, providerId: 1004, providerName: "Legacy Gateway" } as const;
    expect(await providerFilterOptions(scope)).toEqual([{ value: "1004", label: "Legacy Gateway" }]);
    expect(await providerFilterOptions({ restricted: true, providerId: 1001, providerName: "Keystone Remote" })).toEqual([
      { value: "1001", label: "Keystone Remote" },
    ]);
    // A configured list (QUOTE_FILTER_OPTIONS) gives its own label for the user's provider.
    const configured = [
      { value: "1002", label: "Alpha" },
      { value: "1004", label: "Legacy (configured)" },
    ];
    expect(await providerFilterOptions(scope, configured)).toEqual([{ value: "1004", label: "Legacy (configured)" }]);
    expect(await providerFilterOptions(EVERYONE, configured)).toEqual(configured);
    // Every provider list reads in one order, by name, whatever order the configured list has.
    const byId = [
      { value: "1001", label: "Zulu Scan" },
      { value: "1002", label: "alpha scan" },
      { value: "1003", label: "Mike Scan" },
    ];
    expect((await providerFilterOptions(EVERYONE, byId)).map((option) => option.label)).toEqual(["alpha scan", "Mike Scan", "Zulu Scan"]);
    expect(await providerFilterOptions(EVERYONE)).toEqual(await selectableProviderOptions());
    expect(providerLock(scope)).toEqual({ provider: ["1004"] });
    expect(providerLock(EVERYONE)).toEqual({});
  });

  it("sends a provider-only user's grid pages no other provider's name or id", async () => {
    await insertConfiguration("quoteGrid", "TEXT", "true");
    await insertConfiguration("ACCESS_TO_QUOTE", "JSON", JSON.stringify({ roles: ["DIP_POWER", "DIP_PROVIDER"], providerIds: [1001, 1002] }));
    const others = ["Alpha Scan", "Honda OEM", "Legacy Gateway", "1002", "1003", "1004"];
    const cookie = await signedInCookie(PROVIDER);
    // With the Add Filter menu open (panel=filters) the page carries every option of every filter.
    for (const [path, loader] of [
      ["/transactions", transactionsLoader],
      ["/transactions/services", servicesLoader],
      ["/transactions/quotes", quotesLoader],
    ] as const) {
      const data = JSON.stringify(await viewGridLoader(loader, cookie, `${path}?panel=filters`));
      expect(data, path).toContain("Keystone Remote");
      for (const other of others) expect(data, `${path}: ${other}`).not.toContain(other);
    }
    // Staff see every selectable provider in the same filter.
    const staff = JSON.stringify(await viewGridLoader(transactionsLoader, await signedInCookie(POWER), "/transactions?panel=filters"));
    expect(staff).toContain("Alpha Scan");
  });

  it("offers every registered shop once to staff and the provider's own to provider-only users, active ones, by name", async () => {
    expect(await registeredShopOptions(EVERYONE)).toEqual([
      { value: "5004", label: "Alpha Auto (5004)" },
      { value: "5002", label: "beta Collision (5002)" },
      { value: "5001", label: "Zeta Body Shop (5001)" },
    ]);
    expect(await registeredShopOptions({ restricted: true, providerId: 1001, providerName: "Keystone Remote" })).toEqual([
      { value: "5001", label: "Zeta Body Shop (5001)" },
    ]);
  });

  it("reads the configured options: provider statuses sorted, process statuses lower-cased and mapped back", async () => {
    await insertConfiguration("PROVIDER_SCAN_STATUS_OPTIONS", "JSON", JSON.stringify(["REJECTED", "ACCEPTED", "IN_PROGRESS"]));
    await insertConfiguration(
      "TRANSACTION_FILTER_OPTIONS",
      "JSON",
      JSON.stringify({
        statusOptions: ["COMPLETED", "FAILED (Provider Failure)"],
        scanPhaseOptions: ["Pre-Repair"],
        invoiceStatusOptions: ["SENT"],
        clientTypeOptions: ["WEB"],
      }),
    );
    const choices = await loadTransactionFilterChoices(EVERYONE);
    expect(choices.options.providerScanStatus.map((option) => option.value)).toEqual(["ACCEPTED", "IN_PROGRESS", "REJECTED"]);
    expect(choices.options.status).toEqual([
      { value: "completed", label: "COMPLETED" },
      { value: "failed (provider failure)", label: "FAILED (Provider Failure)" },
    ]);
    expect(choices.storedValues.status.get("failed (provider failure)")).toBe("FAILED (Provider Failure)");
    expect(choices.options.scanPhase).toEqual([{ value: "Pre-Repair", label: "Pre-Repair" }]);
    expect(choices.options.invoiceStatus).toEqual([{ value: "SENT", label: "SENT" }]);
    expect(choices.options.clientType).toEqual([{ value: "WEB", label: "WEB" }]);
  });

  it("offers the configured makes and provider scan types by label, their codes as values", async () => {
    await insertConfiguration(
      "ALL_VEHICLE_MAKES",
      "LIST_CODE_LABELS",
      JSON.stringify([
        { code: "TOYOTA", label: "Toyota" },
        { code: "FORD", label: "Ford" },
      ]),
    );
    await insertConfiguration(
      "ALL_PROVIDER_SCAN_TYPES",
      "LIST_CODE_LABELS",
      JSON.stringify([
        { code: "POST_SCAN", label: "Post-Repair Scan" },
        { code: "PRE_SCAN", label: "Pre-Repair Scan" },
      ]),
    );
    const choices = await loadTransactionFilterChoices(EVERYONE);
    expect(choices.options.make).toEqual([
      { value: "FORD", label: "Ford" },
      { value: "TOYOTA", label: "Toyota" },
    ]);
    expect(choices.options.providerScanType).toEqual([
      { value: "POST_SCAN", label: "Post-Repair Scan" },
      { value: "PRE_SCAN", label: "Pre-Repair Scan" },
    ]);
  });

  it("offers empty lists when the configuration is missing or malformed", async () => {
    await insertConfiguration("TRANSACTION_FILTER_OPTIONS", "JSON", "{not json");
    await insertConfiguration("ALL_VEHICLE_MAKES", "LIST_CODE_LABELS", "[{not json");
    const choices = await loadTransactionFilterChoices(EVERYONE);
    expect(choices.options.status).toEqual([]);
    expect(choices.options.providerScanStatus).toEqual([]);
    expect(choices.options.make).toEqual([]);
    expect(choices.options.providerScanType).toEqual([]);
  });

  describe("the tabs", () => {
    async function tabs(claims: UserClaims) {
      const answer = await layoutLoader(loaderArgs(pageRequest("/transactions", await signedInCookie(claims))));
      return answer.tabs.map((tab) => tab.label);
    }

    it("offer Quote when quoteGrid is on and ACCESS_TO_QUOTE allows the user, and Scan Results to staff", async () => {
      await insertConfiguration("quoteGrid", "TEXT", "true");
      await insertConfiguration("ACCESS_TO_QUOTE", "JSON", JSON.stringify({ roles: ["DIP_POWER", "DIP_PROVIDER"], providerIds: [1002] }));
      expect(await tabs(POWER)).toEqual(["Transaction", "Service", "Quote", "Scan Results"]);
      // The provider-only user's provider (1001) is not listed.
      expect(await tabs(PROVIDER)).toEqual(["Transaction", "Service"]);
    });

    it("hide Quote when quoteGrid is off or ACCESS_TO_QUOTE is missing", async () => {
      await insertConfiguration("quoteGrid", "TEXT", "false");
      await insertConfiguration("ACCESS_TO_QUOTE", "JSON", JSON.stringify({ roles: ["DIP_POWER"] }));
      expect(await tabs(POWER)).toEqual(["Transaction", "Service", "Scan Results"]);
      await getDb().updateTable("configurations").set({ configValue: "true" }).where("configKey", "=", "quoteGrid").execute();
      expect(await tabs(POWER)).toEqual(["Transaction", "Service", "Quote", "Scan Results"]);
      await getDb().deleteFrom("configurations").where("configKey", "=", "ACCESS_TO_QUOTE").execute();
      expect(await tabs(POWER)).toEqual(["Transaction", "Service", "Scan Results"]);
    });
  });
});
