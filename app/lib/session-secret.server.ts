import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class SessionSecretError extends Error {}

export function sessionSecretFile(dataDir: string): string {
  return path.join(dataDir, "secrets", "session-secret");
}

const MIN_LENGTH = 32;

function readExisting(file: string): string | undefined {
  let content: string;
  try {
    content = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw new SessionSecretError(`cannot be read: ${file} (${(error as Error).message})`);
  }
  if (content.length < MIN_LENGTH) {
    throw new SessionSecretError(`holds a session secret shorter than ${MIN_LENGTH} characters in ${file}; delete the file to generate a new one`);
  }
  return content;
}

/**
 * The embedded default keeps one generated secret per data directory, so sessions survive a
 * restart. Created with exclusive mode: of two processes starting at once, both end up with the
 * secret the first one wrote.
 */
export function readOrCreateSessionSecret(dataDir: string): string {
  const file = sessionSecretFile(dataDir);
  const existing = readExisting(file);
  if (existing) return existing;
  const secret = crypto.randomBytes(48).toString("base64url");
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return readExisting(file) ?? secret;
    throw new SessionSecretError(`cannot be created or written to (needed for the generated session secret ${file}: ${code ?? (error as Error).message})`);
  }
  return secret;
}
