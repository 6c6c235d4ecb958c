import { describe, expect, it } from "vitest";
import { DEFAULT_MAP_TILE_URL, tileOrigin } from "~/lib/map-tiles.server";
import { buildContentSecurityPolicy, createNonce, securityHeaders } from "~/lib/security-headers.server";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("buildContentSecurityPolicy", () => {
  it("allows scripts only from this origin or with the response's nonce", () => {
    const policy = directives(buildContentSecurityPolicy({ nonce: "abc123" }));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("font-src")).toEqual(["'self'", "data:"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it("lets forms post to an external identity provider when one is configured", () => {
    const policy = directives(buildContentSecurityPolicy({ nonce: "n", extraFormActionOrigins: ["https://login.example.com"] }));
    expect(policy.get("form-action")).toEqual(["'self'", "https://login.example.com"]);
  });

  it("lets images come from the map's tile server", () => {
    const policy = directives(
      buildContentSecurityPolicy({ nonce: "n", extraImageOrigins: [tileOrigin("https://tiles.example.com:8443/osm/{z}/{x}/{y}.png?key=k")] }),
    );
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://tiles.example.com:8443"]);
    expect(tileOrigin(DEFAULT_MAP_TILE_URL)).toBe("https://tile.openstreetmap.org");
  });
});

describe("createNonce", () => {
  it("gives a different base64 value of 128 bits each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    }
  });
});

describe("securityHeaders", () => {
  it("sets the fixed headers and no HSTS over plain HTTP", () => {
    const headers = securityHeaders({ nonce: "n", https: false });
    expect(headers).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers["Content-Security-Policy"]).toContain("'nonce-n'");
    expect(headers).not.toHaveProperty("Strict-Transport-Security");
  });

  it("adds HSTS over HTTPS", () => {
    expect(securityHeaders({ nonce: "n", https: true })["Strict-Transport-Security"]).toBe("max-age=31536000");
  });
});
