import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { readE2eDatabase, writeE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { acknowledge, expect, gridTable, hydrated } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * The Redshift ETL Dashboard with JavaScript off and on: New Etl Variable with 'No inputs' and a
 * batch id that is not a number, then added; the row edited with Reset and Save, History; a stale
 * edit refused; Delete Etl Variable asking first; a user without the page gets the 404 page.
 * Every variable is the test's own (a job name with a random part).
 */
test.describe.configure({ timeout: 90_000 });

const PATH = "/admin/redshiftETLDashboard";
const TITLE = "Redshift ETL Dashboard";

interface StoredVariable {
  varId: number;
  varParentKey: string | null;
  varChildKey: string | null;
  varChildVal: string | null;
  etlBatchId: number | null;
  lastUpdateUser: string | null;
}

function storedVariables(job: string): StoredVariable[] {
  return readE2eDatabase(
    (db) =>
      db
        .prepare(
          "select var_id as varId, var_parent_key as varParentKey, var_child_key as varChildKey, var_child_val as varChildVal, etl_batch_id as etlBatchId, last_update_user as lastUpdateUser from etl_variables where etl_job_name = ? order by var_id",
        )
        .all(job) as StoredVariable[],
  );
}

function stored(job: string): StoredVariable {
  const [variable] = storedVariables(job);
  if (!variable) throw new Error(`no ETL variable of job ${job}`);
  return variable;
}

/** A variable of the test's own, as the load jobs write them (no audit row). */
function insertVariable(job: string): number {
  const at = new Date(Date.now() - 60_000).toISOString();
  writeE2eDatabase((db) =>
    db
      .prepare(
        "insert into etl_variables (var_parent_key, var_parent_val, var_child_key, var_child_val, etl_job_name, etl_batch_id, last_update_date, last_update_user, date_created, row_version) values ('JOB', ?, 'BATCH_SIZE', '5000', ?, 1, ?, 'etl_service', ?, 1)",
      )
      .run(job, job, at, at),
  );
  return stored(job).varId;
}

const uniqueJob = (label: string) => `e2e_${label}_${randomBytes(4).toString("hex")}`;

async function openVariable(page: Page, javaScript: boolean, job: string): Promise<Locator> {
  const { varId } = stored(job);
  await page.goto(`${PATH}?etlJobName=${job}&expanded=${varId}`);
  await hydrated(page, javaScript);
  return page.getByRole("form", { name: `ETL variable ${varId}` });
}

test("adds, edits and deletes an ETL variable with each message", async ({ page, browserProblems }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, `${PATH}*`);
  const job = uniqueJob(testInfo.project.name);
  await withSession(page, "admin");
  await page.goto(PATH);
  await hydrated(page, javaScript);

  await page
    .getByRole("link", { name: "New Etl Variable" })
    .or(page.getByRole("button", { name: "New Etl Variable" }))
    .click();
  const form = page.getByRole("form", { name: "Add New Etl Variable" });
  if (javaScript) await expect(page.getByRole("dialog", { name: "Add New Etl Variable" })).toBeVisible();
  await form.getByLabel("Parent Key").fill("   ");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "Error" })).toContainText("No inputs. Need to insert any input");

  await form.getByLabel("Job Name").fill(job);
  await form.getByLabel("Batch Id").fill("12a");
  if (javaScript) {
    // Masked as typed: the letter never reaches the field.
    await expect(form.getByLabel("Batch Id")).toHaveValue("12");
  } else {
    // Without JavaScript the server refuses it, naming the format, and keeps what was typed.
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(form).toContainText("Enter a whole number, digits only.");
    await expect(form.getByLabel("Batch Id")).toHaveValue("12a");
  }
  expect(storedVariables(job)).toEqual([]);

  await form.getByLabel("Parent Key").fill("  JOB ");
  await form.getByLabel("Child Key").fill("BATCH_SIZE");
  await form.getByLabel("Child Value").fill("");
  await form.getByLabel("Batch Id").fill(" 42 ");
  await form.getByRole("button", { name: "Submit" }).click();
  await acknowledge(page, "Success", "RedShift Etl variable added successfully");
  expect(stored(job)).toMatchObject({
    varParentKey: "JOB",
    varChildKey: "BATCH_SIZE",
    varChildVal: null,
    etlBatchId: 42,
    lastUpdateUser: expect.stringMatching(/^admin/),
  });

  let row = await openVariable(page, javaScript, job);
  await expect(row.getByLabel("Parent Key")).toHaveValue("JOB");
  await row.getByLabel("Child Value").fill("typed then reset");
  await row.getByRole("button", { name: "Reset" }).click();
  await expect(row.getByLabel("Child Value")).toHaveValue("");
  await row.getByLabel("Child Value").fill("  25000 ");
  await row.getByRole("button", { name: "Save" }).click();
  await acknowledge(page, "Success", "The items is updated successfully");
  expect(stored(job).varChildVal).toBe("25000");
  await expect(page.getByRole("region", { name: /^History of ETL variable/ })).toContainText("Child Value: — → 25000");

  row = page.getByRole("form", { name: `ETL variable ${stored(job).varId}` });
  for (const name of ["Parent Key", "Parent Value", "Child Key", "Child Value", "Job Name", "Batch Id"]) await row.getByLabel(name, { exact: true }).fill("");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("alert").filter({ hasText: "Error" })).toContainText("No inputs. Need to insert any input");
  expect(stored(job).varChildVal).toBe("25000");

  await page.goto(`${PATH}?etlJobName=${job}`);
  await hydrated(page, javaScript);
  await expect(gridTable(page, TITLE).locator("tbody > tr")).toHaveCount(1);
  await page.getByRole("checkbox", { name: `Select row ${stored(job).varId}` }).check();
  await page.getByRole("button", { name: "Delete Etl Variable" }).click();
  // Without JavaScript the question is a panel over the grid page the POST answered; with it, a dialog.
  const confirmation = javaScript
    ? page.getByRole("dialog", { name: "Please confirm" })
    : page.getByRole("alertdialog", { name: "Please confirm" }).or(page.getByRole("alert", { name: "Please confirm" }));
  await expect(confirmation).toContainText(job);
  expect(storedVariables(job)).toHaveLength(1);
  await confirmation.getByRole("button", { name: "Confirm" }).click();
  await acknowledge(page, "Success", "The selected items are deleted successfully");
  expect(storedVariables(job)).toEqual([]);
});

test("refuses another user's stale edit with who changed it, saving nothing; History shows each change", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const job = uniqueJob(`${testInfo.project.name}_stale`);
  const varId = insertVariable(job);
  await withSession(page, "admin");
  let row = await openVariable(page, javaScript, job);
  await expect(row.getByLabel("Child Value")).toHaveValue("5000");

  // Someone else saves the variable while this form is open.
  writeE2eDatabase((db) =>
    db
      .prepare(
        "update etl_variables set var_child_val = '7000', row_version = row_version + 1, last_update_user = 'someone.else', last_update_date = ? where var_id = ?",
      )
      .run(new Date().toISOString(), varId),
  );
  await row.getByLabel("Child Value").fill("9000");
  await row.getByRole("button", { name: "Save" }).click();
  await acknowledge(page, "Fail", "was changed by someone.else");
  expect(stored(job).varChildVal).toBe("7000");

  row = page.getByRole("form", { name: `ETL variable ${varId}` });
  await expect(row.getByLabel("Child Value")).toHaveValue("7000");
  await row.getByLabel("Child Value").fill("9000");
  await row.getByRole("button", { name: "Save" }).click();
  await acknowledge(page, "Success", "The items is updated successfully");
  expect(stored(job)).toMatchObject({ varChildVal: "9000", lastUpdateUser: expect.stringMatching(/^admin/) });
  await expect(page.getByRole("region", { name: `History of ETL variable ${varId}` })).toContainText("Child Value: 7000 → 9000");
});

test("gives a user without the page the 404 page, the grid and Add New Etl Variable alike", async ({ page, browserProblems }) => {
  browserProblems.allowNotFound(PATH, `${PATH}/new`);
  await withSession(page, "provider");
  for (const path of [PATH, `${PATH}/new`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("Sorry, nothing here...(404)")).toBeVisible();
  }
});
