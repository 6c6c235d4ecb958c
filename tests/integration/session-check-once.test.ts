import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import { getDb, setDatabase } from "~/db/db.server";
import { runWithRequestContext } from "~/lib/request-context.server";
import { loader as shellLoader } from "~/routes/_shell";
import { loader as transactionsLayoutLoader } from "~/routes/_shell.transactions";
import { loader as transactionsIndexLoader } from "~/routes/_shell.transactions._index";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertPagePermissions } from "../support/portal-rows";
import { loaderArgs, pageRequest, signedInCookie, useTestAuthSettings } from "../support/signed-in-request";

/** Counts the queries that read the sessions table. */
class SessionReads implements KyselyPlugin {
  count = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === "SelectQueryNode" && JSON.stringify(args.node).includes('"name":"sessions"')) this.count += 1;
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const POWER: UserClaims = { id: "u-power", login: "power", firstName: null, lastName: null, email: null, roles: ["DIP_PORTAL", "DIP_POWER"], companyId: null };

let current: TestDatabase | undefined;
let reads: SessionReads;

afterEach(async () => {
  setDatabase(undefined);
  await current?.cleanup();
  current = undefined;
});

/**
 * A page's loaders (root layout, tab layout, grid) each check the session; in one GET request
 * the database is asked once, and a session ended before the next request is seen by it. After a
 * POST (whose action may sign out) each loader asks again.
 */
describe.each(testDialects)("the session check of a page request on %s", (dialect) => {
  beforeEach(async () => {
    current = await createTestDatabase(dialect);
    reads = new SessionReads();
    setDatabase({ ...current.database, db: current.database.db.withPlugin(reads) });
    useTestAuthSettings();
    await insertPagePermissions();
  });

  const loaders = (request: Request) =>
    Promise.allSettled([shellLoader(loaderArgs(request)), transactionsLayoutLoader(loaderArgs(request)), transactionsIndexLoader(loaderArgs(request))]);

  it("reads the session once for a GET's loaders, and again in the next request", async () => {
    const cookie = await signedInCookie(POWER);
    reads.count = 0;
    const first = await runWithRequestContext({ requestId: "get-1", method: "GET" }, () => loaders(pageRequest("/transactions", cookie)));
    expect(first.map((answer) => answer.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect(reads.count).toBe(1);

    await getDb().deleteFrom("sessions").execute();
    const second = await runWithRequestContext({ requestId: "get-2", method: "GET" }, () => loaders(pageRequest("/transactions", cookie)));
    // Signed out: every loader redirects to /login (a thrown Response).
    expect(second.map((answer) => answer.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const answer of second) if (answer.status === "rejected") expect((answer.reason as Response).headers.get("Location")).toMatch(/^\/login/);
    expect(reads.count).toBe(2);
  });

  it("reads the session for each loader after a POST", async () => {
    const cookie = await signedInCookie(POWER);
    reads.count = 0;
    const answers = await runWithRequestContext({ requestId: "post-1", method: "POST" }, () => loaders(pageRequest("/transactions", cookie)));
    expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect(reads.count).toBe(3);
  });
});
