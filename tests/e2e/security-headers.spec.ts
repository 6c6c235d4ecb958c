import { expect, test } from "./fixtures";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function cspNonce(csp: string | undefined): string {
  const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "")?.[1];
  expect(nonce, `a nonce in the CSP: ${csp}`).toBeTruthy();
  return nonce ?? "";
}

test.describe("security headers", () => {
  // The documents used here are 404 pages: the only pages there are before sign-in arrives.
  test.beforeEach(({ browserProblems }) => {
    browserProblems.allowNotFound("/some/page", "/assets-check");
  });

  test("come with every document, and every script carries the response's nonce", async ({ page }) => {
    const response = await page.goto("/some/page");
    expect(response).not.toBeNull();
    const headers = response?.headers() ?? {};
    const nonce = cspNonce(headers["content-security-policy"]);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers).not.toHaveProperty("x-powered-by");
    expect(headers).not.toHaveProperty("strict-transport-security");
    expect(headers["x-request-id"]).toMatch(UUID);

    const html = (await response?.text()) ?? "";
    const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scriptTags.length).toBeGreaterThan(0);
    for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);

    // In the live document the browser hides the attribute but keeps the nonce property.
    const liveNonces = await page.evaluate(() => Array.from(document.scripts, (script) => script.nonce));
    expect(liveNonces.length).toBeGreaterThan(0);
    expect(new Set(liveNonces)).toEqual(new Set([nonce]));
  });

  test("use a new nonce for every response @nojs-only", async ({ request }) => {
    const first = await request.get("/a");
    const second = await request.get("/a");
    expect(cspNonce(first.headers()["content-security-policy"])).not.toBe(cspNonce(second.headers()["content-security-policy"]));
  });

  test("echo a well-formed X-Request-Id and replace a malformed one @nojs-only", async ({ request }) => {
    const kept = await request.get("/api/health", { headers: { "X-Request-Id": "trace-0001.abc_DEF" } });
    expect(kept.headers()["x-request-id"]).toBe("trace-0001.abc_DEF");
    const replaced = await request.get("/api/health", { headers: { "X-Request-Id": "bad id" } });
    expect(replaced.headers()["x-request-id"]).toMatch(UUID);
    expect(replaced.headers()["content-security-policy"]).toContain("default-src 'self'");
  });

  test("cache fingerprinted assets for a year and other public files briefly", async ({ page, request }) => {
    await page.goto("/assets-check");
    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    expect(stylesheet).toMatch(/^\/build\//);
    const asset = await request.get(stylesheet ?? "");
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["x-content-type-options"]).toBe("nosniff");

    const favicon = await request.get("/favicon.ico");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");

    const missingAsset = await request.get("/build/missing-ABCDEF.js");
    expect(missingAsset.status()).toBe(404);
  });
});
