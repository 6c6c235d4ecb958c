import { describe, expect, it } from "vitest";
import { loginPath } from "~/auth/user-session.server";

const at = (path: string) => new Request(`http://portal.test${path}`);

describe("the way to /login of a signed-out request", () => {
  it("comes back to the page and its query after signing in", () => {
    expect(loginPath(at("/transactions?provider=1001&page=2"))).toBe("/login?returnTo=%2Ftransactions%3Fprovider%3D1001%26page%3D2");
    expect(loginPath(at("/settings"))).toBe("/login?returnTo=%2Fsettings");
    expect(loginPath(at("/"))).toBe("/login");
  });

  it("leaves out a page /login would not follow, so the Location stays small (decision 0021)", () => {
    // Found by the hostile input walk: a 9 KB query came back as a 15 KB Location, which Node's
    // client (16 KiB of headers) and proxies refuse, and which the portal answers with 431.
    expect(loginPath(at(`/healthCheck?page=${"%2C".repeat(3000)}`))).toBe("/login");
    expect(loginPath(at(`/transactions?vin=${"x".repeat(2100)}`))).toBe("/login");
    expect(loginPath(at("/transactions/%00"))).toBe("/login");
    for (const length of [100, 1000, 2000, 2040, 5000, 15_000]) {
      expect(loginPath(at(`/transactions?back=${"%2F".repeat(length / 3)}`)).length).toBeLessThan(8 * 1024);
    }
  });
});
