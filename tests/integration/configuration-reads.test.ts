import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pagesAllowed, requirePage } from "~/auth/require-page.server";
import type { UserClaims } from "~/auth/user-claims";
import { getDb, setDatabase } from "~/db/db.server";
import { runWithRequestContext } from "~/lib/request-context.server";
import { forgetConfigurationReads, readConfigurationValue } from "~/platform/configuration/configuration-values.server";
import { loader as shellLoader } from "~/routes/_shell";
import { loader as transactionsLayoutLoader } from "~/routes/_shell.transactions";
import { loader as transactionsIndexLoader } from "~/routes/_shell.transactions._index";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertConfiguration, insertPagePermissions } from "../support/portal-rows";
import { loaderArgs, pageRequest, signedInCookie, useTestAuthSettings } from "../support/signed-in-request";

/**
 * Configuration is read through one function, at most once per entry and request, and never kept
 * beyond the request: a change is seen by the next request (decision 0024).
 */

/** Records the key of every query on the configurations table (the first string value of the query). */
class ConfigurationQueries implements KyselyPlugin {
  keys: string[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const text = JSON.stringify(args.node);
    if (args.node.kind === "SelectQueryNode" && text.includes('"name":"configurations"')) {
      this.keys.push(/"value":"([^"]*)"/.exec(text)?.[1] ?? "?");
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  count(key: string): number {
    return this.keys.filter((read) => read === key).length;
  }
}

const POWER: UserClaims = { id: "u-power", login: "power", firstName: null, lastName: null, email: null, roles: ["DIP_PORTAL", "DIP_POWER"], companyId: null };

let current: TestDatabase | undefined;
let queries: ConfigurationQueries;
let request = 0;

/** Runs as one request of the portal does: inside a request context of its own. */
function inRequest<T>(fn: () => Promise<T>): Promise<T> {
  request += 1;
  return runWithRequestContext({ requestId: `req-${request}` }, fn);
}

async function setValue(configKey: string, configValue: string): Promise<void> {
  await getDb().updateTable("configurations").set({ configValue }).where("configKey", "=", configKey).execute();
}

afterEach(async () => {
  setDatabase(undefined);
  await current?.cleanup();
  current = undefined;
});

describe.each(testDialects)("configuration reads on %s", (dialect) => {
  beforeEach(async () => {
    current = await createTestDatabase(dialect);
    queries = new ConfigurationQueries();
    setDatabase({ ...current.database, db: current.database.db.withPlugin(queries) });
    useTestAuthSettings();
    await insertPagePermissions();
    await insertConfiguration("CCC_SUPPORT_CONTACT_INFO", "TEXT", "first contact");
    await insertConfiguration("quoteGrid", "TEXT", "true");
  });

  it("outside a request, reads the database at every call", async () => {
    expect(await readConfigurationValue("CCC_SUPPORT_CONTACT_INFO")).toBe("first contact");
    await setValue("CCC_SUPPORT_CONTACT_INFO", "second contact");
    expect(await readConfigurationValue("CCC_SUPPORT_CONTACT_INFO")).toBe("second contact");
    expect(queries.count("CCC_SUPPORT_CONTACT_INFO")).toBe(2);
  });

  it("inside a request, reads each entry once; the next request sees a change", async () => {
    await inRequest(async () => {
      const [a, b, grid] = await Promise.all([
        readConfigurationValue("CCC_SUPPORT_CONTACT_INFO"),
        readConfigurationValue("CCC_SUPPORT_CONTACT_INFO"),
        readConfigurationValue("quoteGrid"),
      ]);
      expect([a, b, grid]).toEqual(["first contact", "first contact", "true"]);
      await setValue("CCC_SUPPORT_CONTACT_INFO", "second contact");
      expect(await readConfigurationValue("CCC_SUPPORT_CONTACT_INFO")).toBe("first contact");
      expect(await readConfigurationValue("MISSING_KEY")).toBeNull();
      expect(await readConfigurationValue("MISSING_KEY")).toBeNull();
    });
    expect(queries.keys.sort()).toEqual(["CCC_SUPPORT_CONTACT_INFO", "MISSING_KEY", "quoteGrid"]);

    expect(await inRequest(() => readConfigurationValue("CCC_SUPPORT_CONTACT_INFO"))).toBe("second contact");
    expect(queries.count("CCC_SUPPORT_CONTACT_INFO")).toBe(2);
  });

  it("keeps what one request read out of another request running at the same time", async () => {
    let release!: () => void;
    let firstRead!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const readOnce = new Promise<void>((resolve) => (firstRead = resolve));
    const first = inRequest(async () => {
      const before = await readConfigurationValue("CCC_SUPPORT_CONTACT_INFO");
      firstRead();
      await held;
      return [before, await readConfigurationValue("CCC_SUPPORT_CONTACT_INFO")];
    });
    await readOnce;
    await setValue("CCC_SUPPORT_CONTACT_INFO", "second contact");
    expect(await inRequest(() => readConfigurationValue("CCC_SUPPORT_CONTACT_INFO"))).toBe("second contact");
    release();
    expect(await first).toEqual(["first contact", "first contact"]);
  });

  it("reads afresh for the rest of a request once a command says configuration changed", async () => {
    await inRequest(async () => {
      expect(await readConfigurationValue("CCC_SUPPORT_CONTACT_INFO")).toBe("first contact");
      await setValue("CCC_SUPPORT_CONTACT_INFO", "second contact");
      forgetConfigurationReads();
      expect(await readConfigurationValue("CCC_SUPPORT_CONTACT_INFO")).toBe("second contact");
    });
    expect(queries.count("CCC_SUPPORT_CONTACT_INFO")).toBe(2);
  });

  it("does not keep a failed read: the next reader in the request asks the database again", async () => {
    const open = { ...current!.database, db: current!.database.db.withPlugin(queries) };
    await inRequest(async () => {
      setDatabase(undefined);
      await expect(readConfigurationValue("CCC_SUPPORT_CONTACT_INFO")).rejects.toThrow("has not been opened");
      setDatabase(open);
      expect(await readConfigurationValue("CCC_SUPPORT_CONTACT_INFO")).toBe("first contact");
    });
  });

  it("page permissions: the page's check and the menus of one request read REQUIRED_ROLES_FOR_PAGES once", async () => {
    const cookie = await signedInCookie(POWER);
    await inRequest(async () => {
      const signedIn = await requirePage(pageRequest("/transactions", cookie), "transactions");
      expect(await pagesAllowed(signedIn, ["transactions", "admin", "devtools"])).toEqual({ transactions: true, admin: true, devtools: false });
      await requirePage(pageRequest("/transactions", cookie), "admin");
    });
    expect(queries.count("REQUIRED_ROLES_FOR_PAGES")).toBe(1);

    // A change of the entry decides the next request.
    await setValue("REQUIRED_ROLES_FOR_PAGES", JSON.stringify([{ pageName: "transactions", requiredRoles: ["DIP_ADMIN"] }]));
    const denied = await inRequest(() =>
      requirePage(pageRequest("/transactions", cookie), "transactions").then(
        () => null,
        (thrown: unknown) => thrown,
      ),
    );
    expect(denied).toBeInstanceOf(Response);
    expect((denied as Response).status).toBe(404);
    expect(queries.count("REQUIRED_ROLES_FOR_PAGES")).toBe(2);
  });

  it("the loaders of one page request (layout, transactions tabs, grid) read each entry once", async () => {
    const cookie = await signedInCookie(POWER);
    const request = pageRequest("/transactions", cookie);
    queries.keys = [];
    const answers = await inRequest(() =>
      Promise.allSettled([shellLoader(loaderArgs(request)), transactionsLayoutLoader(loaderArgs(request)), transactionsIndexLoader(loaderArgs(request))]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    // Without the request (each loader on its own) the same three loaders read REQUIRED_ROLES_FOR_PAGES four times.
    expect(queries.count("REQUIRED_ROLES_FOR_PAGES")).toBe(1);
    expect(new Set(queries.keys).size).toBe(queries.keys.length);
  });
});
