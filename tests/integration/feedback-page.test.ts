import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { takeFlash } from "~/auth/flash.server";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { FEEDBACK_NOT_SAVED } from "~/modules/feedback/submit-feedback.server";
import { action, loader } from "~/routes/_shell.feedback";
import { testDialects } from "../support/databases";
import { setUpFreshPortalEachTest } from "../support/fresh-portal";
import { insertConfiguration, insertPagePermissions, insertProvider } from "../support/portal-rows";
import { actionArgs, formRequest, loaderArgs, pageRequest, signedInCookie, TEST_ORIGIN } from "../support/signed-in-request";

const TOPICS = [
  { code: "BUG", label: "Something is not working" },
  { code: "IDEA", label: "Suggest an improvement" },
];
const USER: UserClaims = {
  id: "u-provider",
  login: "provider",
  firstName: "Riley",
  lastName: "Provider",
  email: null,
  roles: ["DIP_PORTAL", "DIP_PROVIDER"],
  companyId: 1001,
};

async function submit(fields: Record<string, string>) {
  const result = await action(actionArgs(formRequest("/feedback", await signedInCookie(USER), fields)));
  if ("init" in result) return { status: result.init?.status, data: result.data };
  return { redirect: result.headers.get("Location"), setCookie: result.headers.get("Set-Cookie") };
}

const rows = () => getDb().selectFrom("errorRecords").selectAll().execute();
const auditRows = () => getDb().selectFrom("auditLog").selectAll().execute();

describe.each(testDialects)("Submit Feedback on %s", (dialect) => {
  setUpFreshPortalEachTest(dialect);

  beforeEach(async () => {
    await insertPagePermissions();
    await insertProvider(1001, "Alpha Diagnostics");
    await insertConfiguration("UI_FEEDBACK_TOPICS", "LIST_CODE_LABELS", JSON.stringify(TOPICS));
  });

  it("offers the topics of UI_FEEDBACK_TOPICS", async () => {
    const page = await loader(loaderArgs(pageRequest("/feedback", await signedInCookie(USER))));
    expect(page.topics).toEqual(TOPICS);
  });

  it("stores the feedback as a FEEDBACK error record with its audit row, and thanks the user", async () => {
    const answer = await submit({ topic: "IDEA", message: "  Please add a dark theme.  " });
    expect(answer.redirect).toBe("/feedback");
    expect(answer.setCookie).toMatch(/^__portal_flash=/);

    const [record] = await rows();
    expect(record).toMatchObject({
      errorCode: "IDEA",
      errorType: "WARN",
      errorCategory: "FEEDBACK",
      errorOrigin: "CLIENT",
      component: "portal",
      userId: "provider",
      providerId: 1001,
      errorMsg: "Please add a dark theme.",
    });
    expect(Date.now() - new Date(record.createdDate).getTime()).toBeLessThan(60_000);

    const [audit] = await auditRows();
    expect(audit).toMatchObject({ actor: "provider", action: "create", entity: "error_records", entityId: String(record.errorId), beforeValue: null });
    expect(JSON.parse(audit.afterValue ?? "null")).toMatchObject({ errorCode: "IDEA", errorMsg: "Please add a dark theme." });
  });

  it("answers 400 with the field messages and writes nothing when the topic or the message is missing, unknown or too long", async () => {
    const missing = await submit({ topic: "", message: "   " });
    expect(missing).toMatchObject({
      status: 400,
      data: { result: { error: { topic: ["Please select a topic"], message: ["Please enter your feedback"] } } },
    });
    const unknownTopic = await submit({ topic: "NOPE", message: "Hello" });
    expect(unknownTopic).toMatchObject({ status: 400, data: { result: { error: { topic: ["Please select a topic"] } } } });
    const tooLong = await submit({ topic: "BUG", message: "x".repeat(2001) });
    expect(tooLong).toMatchObject({ status: 400, data: { result: { error: { message: ["Please keep your feedback within 2000 characters"] } } } });
    expect(await rows()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it("keeps no feedback when its audit row cannot be written (one transaction), and says it failed", async () => {
    await sql`drop table audit_log`.execute(getDb());
    const answer = await submit({ topic: "BUG", message: "The grid is slow." });
    expect(answer).toMatchObject({ redirect: "/feedback" });
    const cookie = "setCookie" in answer && answer.setCookie ? answer.setCookie.split(";")[0] : "";
    expect((await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: cookie } }))).flash).toEqual(FEEDBACK_NOT_SAVED);
    expect(await rows()).toEqual([]);
  });
});
