import { beforeAll, describe, expect, it } from "vitest";
import { setAuthSettings } from "~/auth/auth-settings.server";
import { checkResendToken, newResendToken, TOKEN_LIFETIME_MS } from "~/modules/resend/resend-token.server";
import { TOKEN_PATTERN } from "~/modules/resend/schema";

const SETTINGS = {
  publicOrigin: "http://portal.test",
  issuer: "http://portal.test/oidc",
  clientId: "portal",
  clientSecret: "unit-test-client-secret",
  sessionSecret: "unit-test-session-secret-0123456789abcdef",
  secureCookies: false,
};
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

beforeAll(() => setAuthSettings(SETTINGS));

describe("the resend form's one-time token", () => {
  const issued = new Date("2026-05-01T08:00:00.000Z");

  it("is issued by the server for one user, in the form's token format, different every time", () => {
    const token = newResendToken("u-power", issued);
    expect(token).toMatch(TOKEN_PATTERN);
    expect(newResendToken("u-power", issued)).not.toBe(token);
    expect(checkResendToken(token, "u-power", issued)).toBe("valid");
  });

  it("is refused for another user, under another session secret, and when any character is changed", () => {
    const token = newResendToken("u-power", issued);
    expect(checkResendToken(token, "u-provider", issued)).toBe("invalid");
    setAuthSettings({ ...SETTINGS, sessionSecret: "another-session-secret-0123456789abcdef" });
    try {
      expect(checkResendToken(token, "u-power", issued)).toBe("invalid");
    } finally {
      setAuthSettings(SETTINGS);
    }
    for (let i = 0; i < token.length; i++) {
      const changed = `${token.slice(0, i)}${token[i] === "A" ? "B" : "A"}${token.slice(i + 1)}`;
      expect(checkResendToken(changed, "u-power", issued), `position ${i}`).toBe("invalid");
    }
    expect(checkResendToken("A".repeat(43), "u-power", issued)).toBe("invalid");
    expect(checkResendToken("", "u-power", issued)).toBe("invalid");
    expect(checkResendToken(`${token}A`, "u-power", issued)).toBe("invalid");
  });

  it("is refused in another spelling of the same bytes (each spelling would be a claim of its own)", () => {
    const token = newResendToken("u-power", issued);
    // The last character carries 4 bits and 2 unused ones: flipping an unused bit keeps the bytes.
    const last = BASE64URL.indexOf(token[42]);
    const sameBytes = `${token.slice(0, 42)}${BASE64URL[last ^ 1]}`;
    expect(Buffer.from(sameBytes, "base64url").equals(Buffer.from(token, "base64url"))).toBe(true);
    expect(checkResendToken(sameBytes, "u-power", issued)).toBe("invalid");
  });

  it("expires after its lifetime", () => {
    const token = newResendToken("u-power", issued);
    expect(checkResendToken(token, "u-power", new Date(issued.getTime() + TOKEN_LIFETIME_MS - 1000))).toBe("valid");
    expect(checkResendToken(token, "u-power", new Date(issued.getTime() + TOKEN_LIFETIME_MS))).toBe("expired");
  });
});
