import { randomInt } from "node:crypto";
import { test } from "./fixtures";
import { expect, hydrated } from "./grid-page";
import { withSession } from "./sign-in";
import { EXAMPLE_SHOP_DOCUMENT_TEXT } from "../../app/modules/shop-loader/shop-document-guide";

/** The shop document loader (/devtools, issue 14) with JavaScript off and on: the report, the second paste skipped, a paste that is not JSON. */
const TITLE = "Shop document loader";

function shopDocument(id: number) {
  return {
    repair_facility_id: id,
    master_location_id: `E2E-${id}`,
    license_num: id % 1000,
    cust_name: `E2E Collision ${id}`,
    addr_line1: "9 Test Road",
    city: "Dallas",
    state_cd: "TX",
    zip: "75201",
  };
}

test("loads pasted shop documents and reports each; the same paste again is skipped; text that is not JSON is refused", async ({
  page,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, "/devtools*");
  await withSession(page, "admin");
  await page.goto("/devtools");
  await hydrated(page, javaScript);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  const form = page.getByRole("form", { name: TITLE });
  const first = randomInt(80_000_000, 90_000_000);
  const pasted = JSON.stringify([shopDocument(first), shopDocument(first + 1), { cust_name: "no ids" }], null, 2);

  await form.getByLabel("Shop documents (JSON)").fill(pasted);
  await form.getByRole("button", { name: "Submit" }).click();
  const report = page.getByRole("region", { name: "Load report" });
  await expect(report.getByRole("status")).toHaveText("Added: 2, skipped (exists): 0, refused: 1");
  const rows = report.getByRole("table", { name: "Records" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(`E2E-${first}`);
  await expect(rows.nth(0)).toContainText("Added");
  await expect(rows.nth(2)).toContainText("Refused");

  await page
    .getByRole("form", { name: TITLE })
    .getByLabel("Shop documents (JSON)")
    .fill(JSON.stringify(shopDocument(first)));
  await page.getByRole("form", { name: TITLE }).getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("region", { name: "Load report" }).getByRole("status")).toHaveText("Added: 0, skipped (exists): 1, refused: 0");

  await page.getByRole("form", { name: TITLE }).getByLabel("Shop documents (JSON)").fill("{ not json");
  await page.getByRole("form", { name: TITLE }).getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The text is not JSON." })).toBeVisible();
  // The paste comes back to be fixed.
  await expect(page.getByRole("form", { name: TITLE }).getByLabel("Shop documents (JSON)")).toHaveValue("{ not json");
});

test("the page names the fields a shop document needs and starts from a full example, which loads", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "admin");
  await page.goto("/devtools");
  await hydrated(page, javaScript);
  const fields = page.getByRole("table", { name: "Shop document fields" });
  await expect(fields).toBeHidden();
  await page.getByText("The fields of a shop document, and an example").click();
  await expect(fields.getByRole("row", { name: /repair_facility_id Required/ })).toBeVisible();
  await expect(fields.getByRole("row", { name: /latitude Optional/ })).toBeVisible();

  await page.getByRole("link", { name: "Start from the example" }).click();
  await expect(page).toHaveURL(/\/devtools\?example=Y$/);
  const form = page.getByRole("form", { name: TITLE });
  await expect(form.getByLabel("Shop documents (JSON)")).toHaveValue(EXAMPLE_SHOP_DOCUMENT_TEXT);
  await form.getByRole("button", { name: "Submit" }).click();
  // The other browser project may have loaded it first: then it is there already, and skipped.
  await expect(page.getByRole("region", { name: "Load report" }).getByRole("status")).toHaveText(
    /^Added: (1, skipped \(exists\): 0|0, skipped \(exists\): 1), refused: 0$/,
  );
});

test("the loader is the admins' page devtools: a power user gets the 404 page", async ({ page, browserProblems }) => {
  browserProblems.allowNotFound("/devtools");
  await withSession(page, "power");
  expect((await page.goto("/devtools"))?.status()).toBe(404);
});
