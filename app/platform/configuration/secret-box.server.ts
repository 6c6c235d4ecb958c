import crypto from "node:crypto";

/**
 * ENCRYPT configuration values at rest: AES-256-GCM with a random 12-byte IV per value, stored as
 * `enc:v2:<base64url of iv | tag | ciphertext>`. The key is set once at start (start-portal.server.ts, from
 * CONFIG_ENCRYPTION_KEY or the generated key file). Only the server decrypts, for its own use; a
 * page only ever gets maskedSecret(). The demo data's `enc:v1:` values come from elsewhere and
 * cannot be decrypted here: they are kept as they are until a new value replaces them.
 */
export const SECRET_PREFIX = "enc:v2:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const MASKED = "••••••••";
export const NOT_SET = "(not set)";

let chosenKey: Buffer | undefined;

export function setSecretBoxKey(key: Buffer | undefined): void {
  if (key && key.length !== 32) throw new Error("The configuration encryption key must be 32 bytes.");
  chosenKey = key;
}

function secretKey(): Buffer {
  if (!chosenKey) throw new Error("The configuration encryption key is not set (the portal sets it at start).");
  return chosenKey;
}

export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", secretKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return SECRET_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
}

/** The plain value of an `enc:v2:` value; throws for anything else, a wrong key or a changed value. */
export function decryptSecret(stored: string): string {
  if (!stored.startsWith(SECRET_PREFIX)) throw new Error("Not a value encrypted by this portal.");
  const packed = Buffer.from(stored.slice(SECRET_PREFIX.length), "base64url");
  if (packed.length < IV_BYTES + TAG_BYTES) throw new Error("The encrypted value is too short.");
  const decipher = crypto.createDecipheriv("aes-256-gcm", secretKey(), packed.subarray(0, IV_BYTES));
  decipher.setAuthTag(packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(packed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** What a page may show of a stored secret. */
export function maskedSecret(stored: string | null | undefined): string {
  return stored ? MASKED : NOT_SET;
}
