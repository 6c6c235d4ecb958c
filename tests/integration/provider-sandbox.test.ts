import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_SANDBOX_SECRET_HEADER, SANDBOX_SHOP_REGISTRATIONS } from "~/integrations/providers/endpoints";
import { MAX_REGISTRATION_BYTES, NOT_A_REGISTRATION, PROVIDER_SERVICE_DOWN } from "~/integrations/providers/sandbox/router.server";
import { sendShopRegistration } from "~/integrations/providers/send-shop-registration.server";
import type { ShopRegistrationMessage } from "~/integrations/providers/shop-registration-message";
import { compileFailurePattern } from "~/integrations/sandbox/failure-pattern";
import { allowOutbound } from "../support/outbound-allow";
import { startFixedEndpoint, startProviderSandboxServer } from "../support/provider-endpoints";

/**
 * The built-in provider sandbox and the Resend client over real HTTP on loopback ports (decision
 * 0044): only the portal's client may post (its secret, no browser), only shop registrations, and
 * the shop ids of the failure pattern fail; the client's every failure is a reason, never an error,
 * and never repeats the endpoint's URL. The sandbox is the portal's own address and is reached
 * without an allow-list; a provider's routing goes through the guarded client (decision 0061), so
 * the local failing endpoints here are reached only while OUTBOUND_ALLOW names 127.0.0.1.
 */
const message: ShopRegistrationMessage = {
  registrationId: 41,
  providerId: 1001,
  providerCustomerId: "KRD-000041",
  licenseKey: "004711",
  shopId: 5017,
  shopName: "Harbor Collision",
  address: "12 Dock St",
  city: "Portland",
  stateCd: "ME",
  zipCode: "04101",
  isActive: true,
  diagnosticsProducts: ["KRD_SCAN"],
};

describe("the provider sandbox and the Resend client", () => {
  let sandbox: Awaited<ReturnType<typeof startProviderSandboxServer>>;
  let url: string;
  const target = () => ({
    kind: "sandbox" as const,
    url,
    name: "built-in sandbox",
    timeoutMs: 5000,
    headers: { [PROVIDER_SANDBOX_SECRET_HEADER]: sandbox.settings.secret },
  });
  const post = (body: string, headers: Record<string, string>) =>
    fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });

  beforeAll(async () => {
    sandbox = await startProviderSandboxServer();
    url = `${sandbox.settings.baseUrl}${SANDBOX_SHOP_REGISTRATIONS}`;
  });
  afterAll(() => sandbox?.close());

  it("takes a shop registration from the portal's client and answers SUCCESS", async () => {
    expect(await sendShopRegistration(target(), message)).toEqual({ ok: true });
    expect(sandbox.sandbox.received().at(-1)).toMatchObject({ registrationId: 41, shopId: 5017, answeredStatus: 200 });
  });

  it("refuses a caller without the secret, with a wrong one, or from a web page, before reading the body", async () => {
    const before = sandbox.sandbox.received().length;
    expect((await post(JSON.stringify(message), {})).status).toBe(401);
    expect((await post(JSON.stringify(message), { [PROVIDER_SANDBOX_SECRET_HEADER]: "x".repeat(40) })).status).toBe(403);
    expect((await post(JSON.stringify(message), { [PROVIDER_SANDBOX_SECRET_HEADER]: sandbox.settings.secret, Origin: "https://evil.example" })).status).toBe(
      403,
    );
    expect(sandbox.sandbox.received().length).toBe(before);
  });

  it("answers 400 to what is not a shop registration and 413 to a large body", async () => {
    const secret = { [PROVIDER_SANDBOX_SECRET_HEADER]: sandbox.settings.secret };
    for (const body of ["not json", "[]", JSON.stringify({ ...message, shopId: "5017" }), JSON.stringify({ ...message, shopId: 0 })]) {
      const answer = await post(body, secret);
      expect(answer.status, body).toBe(400);
      expect(await answer.json()).toEqual({ status: "ERROR", message: NOT_A_REGISTRATION });
    }
    expect((await post(JSON.stringify({ ...message, shopName: "x".repeat(MAX_REGISTRATION_BYTES) }), secret)).status).toBe(413);
  });

  it("fails with HTTP 503 exactly the shop ids the failure pattern matches as a whole", async () => {
    sandbox.sandbox.setFailPattern(compileFailurePattern("\\d*7"));
    try {
      expect(await sendShopRegistration(target(), message)).toEqual({ ok: false, reason: "HTTP 503" });
      expect(await sendShopRegistration(target(), { ...message, shopId: 5071 })).toEqual({ ok: true });
      const answer = await post(JSON.stringify(message), { [PROVIDER_SANDBOX_SECRET_HEADER]: sandbox.settings.secret });
      expect(await answer.json()).toEqual({ status: "ERROR", message: PROVIDER_SERVICE_DOWN });
    } finally {
      sandbox.sandbox.setFailPattern(null);
    }
  });

  it("gives a reason for an answer without SUCCESS, no answer in time and no connection, without the URL", async () => {
    const noStatus = await startFixedEndpoint(200, JSON.stringify({ status: "PENDING" }));
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    allowOutbound("127.0.0.1");
    try {
      const send = (to: string, timeoutMs = 2000) => sendShopRegistration({ kind: "routing", url: to, name: "provider", timeoutMs }, message);
      expect(await send(`${noStatus.origin}/v2/shops`)).toEqual({ ok: false, reason: "HTTP 200 without status SUCCESS" });
      expect(JSON.parse(noStatus.bodies[0])).toEqual(message);
      expect(await send(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/v2/shops`, 300)).toEqual({ ok: false, reason: "no answer within 300 ms" });
      expect(await send(`http://127.0.0.1:${closedPort}/v2/shops`)).toEqual({ ok: false, reason: "not reached (ECONNREFUSED)" });
      const withCredentials = await send("http://user:secret-password@127.0.0.1:1/v2/shops");
      expect(withCredentials.ok).toBe(false);
      expect(JSON.stringify(withCredentials)).not.toContain("secret-password");
    } finally {
      allowOutbound(undefined);
      await noStatus.close();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
