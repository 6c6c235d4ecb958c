import crypto from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, MASKED, maskedSecret, NOT_SET, SECRET_PREFIX, setSecretBoxKey } from "~/platform/configuration/secret-box.server";

/** ENCRYPT configuration values at rest: AES-256-GCM, a new IV per value, tamper-evident, masked for pages. */
describe("secret box", () => {
  beforeAll(() => setSecretBoxKey(crypto.randomBytes(32)));
  afterAll(() => setSecretBoxKey(undefined));

  it("gives any value back, never in the clear and never twice the same", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (plain) => {
        const stored = encryptSecret(plain);
        expect(stored.startsWith(SECRET_PREFIX)).toBe(true);
        if (plain.length > 3) expect(stored).not.toContain(plain);
        expect(encryptSecret(plain)).not.toBe(stored);
        expect(decryptSecret(stored)).toBe(plain);
      }),
    );
  });

  it("refuses a changed value, another key's value and the demo data's enc:v1 values", () => {
    const stored = encryptSecret("maps-key-123");
    const packed = Buffer.from(stored.slice(SECRET_PREFIX.length), "base64url");
    for (const at of [0, 12, packed.length - 1]) {
      const changed = Buffer.from(packed);
      changed[at] ^= 1;
      expect(() => decryptSecret(SECRET_PREFIX + changed.toString("base64url"))).toThrow();
    }
    setSecretBoxKey(crypto.randomBytes(32));
    expect(() => decryptSecret(stored)).toThrow();
    expect(() => decryptSecret("enc:v1:QkDzv3Jd2n8mS0xYqg1cR7u4tWc9LhPaEo6f")).toThrow();
  });

  it("masks a stored value for pages", () => {
    expect(maskedSecret(encryptSecret("x"))).toBe(MASKED);
    expect(maskedSecret("enc:v1:abc")).toBe(MASKED);
    expect(maskedSecret("")).toBe(NOT_SET);
    expect(maskedSecret(null)).toBe(NOT_SET);
  });
});
