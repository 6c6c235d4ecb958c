import { expect, test } from "./fixtures";
import { signIn, waitForPage } from "./sign-in";
import { NOT_FOUND_MESSAGE } from "../../app/components/error-pages";
import { BACKEND_SERVICES } from "../../app/modules/build-info/backend-services";

test("the health check and build-info pages report inside the layout", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await signIn(page, "portal", { path: "/login?returnTo=%2FhealthCheck" });
  await expect(page).toHaveURL(/\/healthCheck$/);
  await waitForPage(page, javaScript);
  await expect(page).toHaveTitle("Diagnostics Operations Portal | Health Check");
  await expect(page.getByRole("row", { name: /Database/ })).toContainText("UP");
  await expect(page.getByRole("row", { name: /Identity provider/ })).toContainText("UP");
  await expect(page.getByRole("row", { name: /Checked at/ })).toContainText(/\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2} [AP]M/);

  await page.goto("/about");
  await waitForPage(page, javaScript);
  await expect(page).toHaveTitle("Diagnostics Operations Portal | Build Info");
  // One card per backend service the product lists (platform spec §2), each with its own build, and no other.
  await expect(page.getByRole("row", { name: /Artifact/ })).toHaveCount(BACKEND_SERVICES.length);
  for (const service of BACKEND_SERVICES) {
    const card = page.getByRole("region", { name: service, exact: true });
    await expect(card.getByRole("row", { name: /Artifact/ })).toContainText(service);
    await expect(card.getByRole("row", { name: /Version/ })).toContainText(/\d+\.\d+\.\d+/);
    await expect(card.getByRole("row", { name: /Time/ })).not.toContainText("Not Available");
  }

  const api = await page.request.get("/api/build-info");
  expect(api.status()).toBe(200);
  const body = (await api.json()) as { payload: { build: Record<string, string> } };
  expect(Object.keys(body.payload.build).sort()).toEqual(["artifact", "group", "tag", "time", "version"]);
});

test("a method a page does not answer: 405 with what it allows on the error page, or the 404 page without the page", async ({ page }) => {
  await signIn(page, "portal", { path: "/login?returnTo=%2Fabout" });
  const refused = await page.request.post("/about", { form: { a: "1" }, maxRedirects: 0 });
  expect(refused.status()).toBe(405);
  expect(refused.headers()["allow"]).toBe("GET, HEAD");
  expect(refused.headers()["content-type"]).toMatch(/text\/html/);
  const html = await refused.text();
  expect(html).toContain("405 Method Not Allowed");
  expect(html).toContain("This address does not take POST requests; it answers GET, HEAD.");

  // The portal user may not open the transactions: the same 404 page as a GET, however asked.
  for (const method of ["POST", "PUT", "DELETE"]) {
    const hidden = await page.request.fetch("/transactions", { method, form: { a: "1" }, maxRedirects: 0 });
    expect(hidden.status(), method).toBe(404);
    expect(hidden.headers()["allow"], method).toBeUndefined();
    expect(await hidden.text(), method).toContain(NOT_FOUND_MESSAGE);
  }
});
