/**
 * NUL (U+0000) in text a client sent. No text column of PostgreSQL can hold it: an insert, or a
 * filter that compares with it, fails ("invalid byte sequence for encoding UTF8: 0x00"), a 500
 * where SQLite would answer. No page of the portal sends one, so every way in refuses it as the
 * client's mistake: the address (app/http/malformed-path-guard.server.ts), the forms of the
 * portal (readForm) and of the built-in identity provider (readLoginForm). Found by the hostile
 * input walk (decision 0021).
 */
export const NUL = "\u0000";

export function containsNul(text: string): boolean {
  return text.includes(NUL);
}
