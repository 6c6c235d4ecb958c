import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The key ENCRYPT configuration values are encrypted with (AES-256: 32 bytes). Given as
 * CONFIG_ENCRYPTION_KEY (64 hex characters, or the 32 bytes in base64 or base64url), or generated
 * once per data directory and kept in a file (mode 0600), like the session secret.
 */
export const CONFIG_KEY_BYTES = 32;
export const CONFIG_KEY_FORMAT = "must be 32 bytes written as 64 hex characters or in base64 (e.g. `openssl rand -base64 32`)";

export class ConfigEncryptionKeyError extends Error {}

export function configEncryptionKeyFile(dataDir: string): string {
  return path.join(dataDir, "secrets", "config-encryption-key");
}

/** The key written as text, or null when it is not 32 bytes in hex or base64. */
export function decodeConfigEncryptionKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === CONFIG_KEY_BYTES ? bytes : null;
}

function readExisting(file: string): Buffer | undefined {
  let content: string;
  try {
    content = fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw new ConfigEncryptionKeyError(`cannot be read: ${file} (${(error as Error).message})`);
  }
  const key = decodeConfigEncryptionKey(content);
  // Never replaced silently: the values encrypted with it would be lost.
  if (!key) throw new ConfigEncryptionKeyError(`holds a configuration encryption key that is not 32 bytes in hex or base64 in ${file}`);
  return key;
}

/** Created with exclusive mode: of two processes starting at once, both end up with the key the first one wrote. */
export function readOrCreateConfigEncryptionKey(dataDir: string): Buffer {
  const file = configEncryptionKeyFile(dataDir);
  const existing = readExisting(file);
  if (existing) return existing;
  const key = crypto.randomBytes(CONFIG_KEY_BYTES);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return readExisting(file) ?? key;
    throw new ConfigEncryptionKeyError(
      `cannot be created or written to (needed for the generated configuration encryption key ${file}: ${code ?? (error as Error).message})`,
    );
  }
  return key;
}
