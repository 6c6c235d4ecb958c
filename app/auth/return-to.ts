/**
 * Where to go back to after sign-in: a same-origin path with its query, nothing else. Anything
 * that a browser could read as another origin (`//host`, `/\host`, a scheme, control characters,
 * their percent-encoded forms) falls back to "/".
 */
export function safeReturnTo(candidate: string | null | undefined, fallback = "/"): string {
  if (!candidate || candidate.length > 2048) return fallback;
  let decoded = candidate;
  // Decode repeatedly so that %2F%2F and double-encoded variants are judged as the browser sees them.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  for (const value of [candidate, decoded]) {
    if (!value.startsWith("/")) return fallback;
    if (value.startsWith("//") || value.startsWith("/\\")) return fallback;
    if (value.includes("\\")) return fallback;
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  }
  try {
    const base = "http://portal.invalid";
    const url = new URL(candidate, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
