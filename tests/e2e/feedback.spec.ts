import { checkAccessibility } from "./accessibility/screen-audit";
import { expect, test } from "./fixtures";
import { signIn, waitForPage } from "./sign-in";

test("Submit Feedback checks its fields on the server and thanks the user", async ({ page, browserProblems }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, "/feedback", "/feedback.data");
  await signIn(page, "portal", { path: "/login?returnTo=%2Ffeedback" });
  await expect(page).toHaveURL(/\/feedback$/);
  await waitForPage(page, javaScript);

  const form = page.getByRole("form", { name: "Submit Feedback" });
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Please select a topic")).toBeVisible();
  await expect(form.getByText("Please enter your feedback")).toBeVisible();

  await form.getByLabel("Topic").selectOption({ label: "Suggest an improvement" });
  await form.getByLabel("Message").fill(`Please keep the ${testInfo.project.name} layout as it is.`);
  await form.getByRole("button", { name: "Submit" }).click();

  const dialog = page.getByRole("dialog", { name: "Success" });
  await expect(dialog).toContainText("Thank you for your feedback.");
  await checkAccessibility(page);
  await dialog.getByRole("link", { name: "OK" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(form.getByLabel("Message")).toHaveValue("");
  await expect(form.getByText("Please enter your feedback")).toHaveCount(0);
});
