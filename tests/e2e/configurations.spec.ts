import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { readE2eDatabase, writeE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { acknowledge, expect, gridTable, hydrated } from "./grid-page";
import { testUserLike, withSession } from "./sign-in";

/**
 * The Configurations screen (issue 13) with JavaScript off and on: an entry of each value type
 * added, edited and deleted, 'Invalid Json!', a stale edit, History, a secret never in a page or
 * its data, and a read-only user. Every entry is the test's own (a key with a random part).
 */
test.describe.configure({ timeout: 90_000 });

const PATH = "/admin/configuration";
const TITLE = "Configurations";
type ValueType = "JSON" | "TEXT" | "ENCRYPT" | "BILLING_RULE" | "LIST_CODE_LABELS";

interface StoredEntry {
  configId: number;
  configValue: string | null;
  updatedBy: string | null;
}

function storedEntry(key: string): StoredEntry | undefined {
  return readE2eDatabase(
    (db) =>
      db.prepare("select config_id as configId, config_value as configValue, updated_by as updatedBy from configurations where config_key = ?").get(key) as
        StoredEntry | undefined,
  );
}

function stored(key: string): StoredEntry {
  const entry = storedEntry(key);
  if (!entry) throw new Error(`no configuration ${key}`);
  return entry;
}

const uniqueKey = (label: string) => `E2E_${label}_${randomBytes(4).toString("hex").toUpperCase()}`;

/** Fills the value of a form's entry by its type; `round` 0 for a new entry, 1 for an edit. */
async function fillValue(form: Locator, type: ValueType, round: 0 | 1, javaScript: boolean): Promise<void> {
  switch (type) {
    case "JSON":
      return form.getByLabel("Value", { exact: true }).fill(round === 0 ? '{"e2e": [1, 2]}' : '{"e2e": "edited"}');
    case "TEXT":
      return form.getByLabel("Value", { exact: true }).fill(round === 0 ? "plain words" : "edited words");
    case "ENCRYPT":
      return form.getByLabel("Value", { exact: true }).fill(round === 0 ? "first-secret" : "second-secret");
    case "BILLING_RULE":
      await form.getByRole("button", { name: "Add parameter" }).click();
      await form.getByLabel(`Parameter ${round + 1} label`).fill(round === 0 ? "Per Scan Fee" : "Free Scans");
      // With JavaScript the name follows the label as it is typed; without, the next answer shows it.
      if (javaScript) await expect(form.getByText(round === 0 ? "Name: perScanFee" : "Name: freeScans")).toBeVisible();
      return;
    case "LIST_CODE_LABELS":
      if (round === 0) {
        await form.getByRole("button", { name: "Add row" }).click();
        await form.getByLabel("Row 1 code").fill("A1");
      }
      return form.getByLabel("Row 1 label").fill(round === 0 ? "First" : "Edited");
  }
}

const EXPECTED: Record<Exclude<ValueType, "ENCRYPT">, [string, string]> = {
  JSON: ['{"e2e":[1,2]}', '{"e2e":"edited"}'],
  TEXT: ["plain words", "edited words"],
  BILLING_RULE: [
    '{"params":[{"paramName":"perScanFee","paramLabel":"Per Scan Fee"}]}',
    '{"params":[{"paramName":"perScanFee","paramLabel":"Per Scan Fee"},{"paramName":"freeScans","paramLabel":"Free Scans"}]}',
  ],
  LIST_CODE_LABELS: ['[{"code":"A1","label":"First"}]', '[{"code":"A1","label":"Edited"}]'],
};

function expectStored(key: string, type: ValueType, round: 0 | 1): void {
  const value = stored(key).configValue ?? "";
  if (type === "ENCRYPT") {
    expect(value).toMatch(/^enc:v2:/);
    expect(value).not.toContain("secret");
  } else expect(value).toBe(EXPECTED[type][round]);
}

async function addConfiguration(page: Page, javaScript: boolean, key: string, type: ValueType): Promise<void> {
  await page
    .getByRole("link", { name: "Add Configuration" })
    .or(page.getByRole("button", { name: "Add Configuration" }))
    .click();
  const form = page.getByRole("form", { name: "Add Configuration" });
  await form.getByLabel("Key").fill(key);
  await form.getByLabel("Value Type").selectOption(type);
  // Without JavaScript the form comes back with the type's own editor.
  if (!javaScript) await form.getByRole("button", { name: "Change type" }).click();
  await expect(form.getByLabel("Key")).toHaveValue(key);
  await fillValue(form, type, 0, javaScript);
  await form.getByRole("button", { name: "Save" }).click();
  await acknowledge(page, "Success", "Successfully save the configuration.");
  expectStored(key, type, 0);
}

async function openEntry(page: Page, javaScript: boolean, key: string): Promise<Locator> {
  await page.goto(`${PATH}?configKey=${key}&expanded=${stored(key).configId}`);
  await hydrated(page, javaScript);
  return page.getByRole("form", { name: `Configuration ${key}` });
}

/** The value types in two tests, so the two workers share them. */
const TYPE_GROUPS: ReadonlyArray<readonly ValueType[]> = [
  ["JSON", "TEXT", "ENCRYPT"],
  ["BILLING_RULE", "LIST_CODE_LABELS"],
];

for (const types of TYPE_GROUPS)
  test(`adds, edits and deletes a configuration of type ${types.join(", ")}`, async ({ page, browserProblems }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    // Without JavaScript a row added or a type changed is the form answered again (a 400 that writes nothing).
    browserProblems.allowStatus(400, `${PATH}*`);
    await withSession(page, "admin");
    const run = uniqueKey(`${testInfo.project.name}_${types.length}`);
    const keys = types.map((type) => `${run}_${type}`);
    await page.goto(PATH);
    await hydrated(page, javaScript);
    for (const [index, type] of types.entries()) await addConfiguration(page, javaScript, keys[index], type);

    for (const [index, type] of types.entries()) {
      const form = await openEntry(page, javaScript, keys[index]);
      await expect(form.getByText(type, { exact: true })).toBeVisible();
      if (type === "ENCRYPT") await expect(form.getByLabel("Value", { exact: true })).toHaveValue("");
      await fillValue(form, type, 1, javaScript);
      await form.getByRole("button", { name: "Save" }).click();
      await acknowledge(page, "Success", "Successfully save the configuration.");
      expectStored(keys[index], type, 1);
    }

    await page.goto(`${PATH}?configKey=${run}`);
    await hydrated(page, javaScript);
    await expect(gridTable(page, TITLE).locator("tbody > tr")).toHaveCount(types.length);
    // Without JavaScript the button is there before anything is ticked: a plain button, not a solid primary one.
    if (!javaScript) await expect(page.getByRole("button", { name: "Delete Configuration" })).toHaveAttribute("data-variant", "default");
    for (const key of keys) await page.getByRole("checkbox", { name: `Select row ${stored(key).configId}` }).check();
    if (javaScript) await expect(page.getByRole("button", { name: "Delete Configuration" })).toHaveAttribute("data-variant", "filled");
    await page.getByRole("button", { name: "Delete Configuration" }).click();
    // Without JavaScript the question is a panel over the grid page the POST answered; with it, a dialog.
    const confirmation = page.getByRole(javaScript ? "dialog" : "alert", { name: "Please confirm" });
    for (const key of keys) await expect(confirmation).toContainText(key);
    await confirmation.getByRole("button", { name: "Confirm" }).click();
    await acknowledge(page, "Success", `Successfully deleted ${types.length} configurations.`);
    expect(keys.map(storedEntry)).toEqual(keys.map(() => undefined));
  });

test("refuses JSON that does not parse with 'Invalid Json!' and another user's stale edit, saving nothing; History shows each change", async ({
  page,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, `${PATH}*`);
  const key = uniqueKey(`${testInfo.project.name}_JSON`);
  const at = new Date().toISOString();
  writeE2eDatabase((db) =>
    db
      .prepare(
        "insert into configurations (config_key, config_value_type, config_value, config_group, is_active, created_date_time, created_by, updated_date_time, updated_by) values (?, 'JSON', ?, 'E2E', 1, ?, 'e2e', ?, 'e2e')",
      )
      .run(key, '{"a":1}', at, at),
  );
  await withSession(page, "admin");
  let form = await openEntry(page, javaScript, key);
  await form.getByLabel("Value", { exact: true }).fill("{ not json");
  await form.getByRole("button", { name: "Save" }).click();
  if (javaScript) await acknowledge(page, "Fail", "Invalid Json!");
  else await expect(form.getByRole("alert").filter({ hasText: "Fail" })).toContainText("Invalid Json!");
  expect(stored(key).configValue).toBe('{"a":1}');

  // Someone else saves the entry while this form is open.
  writeE2eDatabase((db) =>
    db
      .prepare("update configurations set config_value = ?, updated_date_time = ?, updated_by = 'someone.else' where config_key = ?")
      .run('{"a":2}', new Date(Date.now() + 1000).toISOString(), key),
  );
  form = page.getByRole("form", { name: `Configuration ${key}` });
  await form.getByLabel("Value", { exact: true }).fill('{"a": 3}');
  await form.getByRole("button", { name: "Save" }).click();
  await acknowledge(page, "Error", "was changed by someone.else");
  expect(stored(key).configValue).toBe('{"a":2}');

  form = page.getByRole("form", { name: `Configuration ${key}` });
  await form.getByLabel("Value", { exact: true }).fill('{"a": 4}');
  await form.getByRole("button", { name: "Save" }).click();
  await acknowledge(page, "Success", "Successfully save the configuration.");
  const history = page.getByRole("region", { name: `History of ${key}` });
  await expect(history).toContainText('Value: {"a":2} → {"a":4}');
});

test("never sends an ENCRYPT value to a browser: not in the page, its data, the export or History", async ({ page, browserProblems }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, `${PATH}/new*`);
  const secret = `never-shown-${randomBytes(6).toString("hex")}`;
  const key = uniqueKey(`${testInfo.project.name}_SECRET`);
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/admin")) bodies.push(response.text().catch(() => ""));
  });
  await withSession(page, "admin");
  await page.goto(`${PATH}/new`);
  await hydrated(page, javaScript);
  const form = page.getByRole("form", { name: "Add Configuration" });
  await form.getByLabel("Key").fill(key);
  await form.getByLabel("Value Type").selectOption("ENCRYPT");
  if (!javaScript) await form.getByRole("button", { name: "Change type" }).click();
  await form.getByLabel("Value", { exact: true }).fill(secret);
  await form.getByRole("button", { name: "Save" }).click();
  await acknowledge(page, "Success", "Successfully save the configuration.");

  const { configId } = stored(key);
  const query = `configKey=${key}&expanded=${configId}&cols=configId,configKey,configValue`;
  await page.goto(`${PATH}?${query}`);
  await hydrated(page, javaScript);
  await expect(gridTable(page, TITLE).locator('td[data-column="configValue"]')).toHaveText("••••••••");
  await expect(page.getByRole("region", { name: `History of ${key}` })).toContainText("Value: (hidden)");
  const sources = [
    await page.content(),
    await (await page.request.get(`${PATH}?${query}`)).text(),
    await (await page.request.get(`${PATH}.data?${query}&_routes=routes/_shell.admin.configuration`)).text(),
    await (await page.request.get(`${PATH}.csv?${query}`)).text(),
    ...(await Promise.all(bodies)),
  ];
  expect(sources.length).toBeGreaterThan(4);
  for (const source of sources) expect(source).not.toContain(secret);
  expect(stored(key).configValue).not.toContain(secret);
});

test("shows a user without changingConfigurationData the entries read-only, once the permission is listed", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  // Listing the write permission for admins: power users (staff) keep the page but may not write.
  writeE2eDatabase((db) => {
    db.transaction(() => {
      const row = db
        .prepare("select config_value as value from configurations where config_key = 'REQUIRED_ROLES_FOR_PAGES' and coalesce(config_group_value, '') = ''")
        .get() as { value: string };
      const pages = JSON.parse(row.value) as { pageName: string }[];
      if (pages.some((entry) => entry.pageName === "changingConfigurationData")) return;
      // Added to what the entry holds: other specs grant their own test roles in it (adoption-report.spec.ts).
      const listed = [...pages, { pageName: "changingConfigurationData", requiredRoles: ["DIP_ADMIN", "CCC_Admin"] }];
      db.prepare("update configurations set config_value = ? where config_key = 'REQUIRED_ROLES_FOR_PAGES' and coalesce(config_group_value, '') = ''").run(
        JSON.stringify(listed),
      );
    }).immediate();
  });
  const text = readE2eDatabase(
    (db) =>
      db
        .prepare("select config_key as key from configurations where config_value_type = 'TEXT' and config_key not like 'E2E_%' order by config_id limit 1")
        .get() as { key: string },
  );
  await withSession(page, "power");
  const form = await openEntry(page, javaScript, text.key);
  await expect(form.getByLabel("Value", { exact: true })).toBeDisabled();
  await expect(form.getByLabel("Group", { exact: true })).toBeDisabled();
  await expect(form.getByLabel("Active")).toBeDisabled();
  await expect(form.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(form).toContainText("read-only");
  await expect(page.getByRole("link", { name: "Add Configuration" }).or(page.getByRole("button", { name: "Add Configuration" }))).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete Configuration" })).toHaveCount(0);
});

test("the entries that decide access: read-only without changingRoleData; a saver cannot open a page it lacks, said in place", async ({
  page,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, `${PATH}*`);
  const key = "REQUIRED_ROLES_FOR_PAGES";

  await withSession(page, "power");
  let form = await openEntry(page, javaScript, key);
  await expect(form).toContainText("REQUIRED_ROLES_FOR_PAGES decides who may do what: it is read-only without the changingRoleData permission.");
  await expect(form.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(form.getByLabel("Value", { exact: true })).toBeDisabled();

  // A CCC_Admin holds changingRoleData but not devtools (admins only in the demo configuration).
  await page.context().clearCookies();
  const cccAdmin = testUserLike("admin");
  writeE2eDatabase((db) => db.prepare("update users set dloedrprole = ? where id = ?").run(JSON.stringify(["DIP_PORTAL", "CCC_Admin"]), cccAdmin.id));
  await withSession(page, "admin");
  form = await openEntry(page, javaScript, key);
  // Widened from the value the form shows, as a person would edit it.
  const pages = JSON.parse(await form.getByLabel("Value", { exact: true }).inputValue()) as { pageName: string; requiredRoles: string[] }[];
  expect(pages.find((entry) => entry.pageName === "devtools")?.requiredRoles).toEqual(["DIP_ADMIN"]);
  const widened = JSON.stringify(
    pages.map((entry) => (entry.pageName === "devtools" ? { ...entry, requiredRoles: [...entry.requiredRoles, "CCC_Admin"] } : entry)),
  );
  await form.getByLabel("Value", { exact: true }).fill(widened);
  await form.getByRole("button", { name: "Save" }).click();
  const message = "This change would open devtools to CCC_Admin, which you do not hold. Nothing was saved.";
  // In place, with JavaScript and without: in the form's alert and beside the value.
  form = page.getByRole("form", { name: `Configuration ${key}` });
  await expect(form.getByRole("alert").filter({ hasText: "Fail" })).toContainText(message);
  await expect(form.getByLabel("Value", { exact: true })).toHaveAccessibleDescription(message);
  // Nothing was saved: devtools is still the admins' alone. (Not the whole value: another scenario of this file, in the
  // other project, may list changingConfigurationData in it meanwhile.)
  const storedPages = JSON.parse(stored(key).configValue ?? "") as { pageName: string; requiredRoles: string[] }[];
  expect(storedPages.find((entry) => entry.pageName === "devtools")?.requiredRoles).toEqual(["DIP_ADMIN"]);
  // What was typed is still there to correct.
  const kept = await form.getByLabel("Value", { exact: true }).inputValue();
  expect(JSON.parse(kept)).toEqual(JSON.parse(widened));
});
