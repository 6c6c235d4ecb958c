/**
 * The one rule for every path the portal sends a browser back to from a URL or a form
 * (`returnTo` after sign-in, `back` of the resend pages, detail views, the document viewer and
 * the report preview): a same-origin path with its query, judged on its FINAL value, the one a
 * browser would follow after URL normalisation (dot segments, `%2e`, backslashes, tabs). Anything
 * else gives the fallback. Decision 0015.
 */

const BASE = "http://portal.invalid";
const MAX_LENGTH = 2048;
/** Percent-decoding rounds a hostile value may hide behind (`%252F` is two). */
const MAX_DECODINGS = 4;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/** Which same-origin paths a caller accepts (its own area), given the final pathname. */
export type ReturnPathArea = (pathname: string) => boolean;

/** An area of one path and everything below it: `/transactions`, `/transactions/4`, not `/transactionsX`. */
export function pathAndBelow(root: string): ReturnPathArea {
  return (pathname) => pathname === root || pathname.startsWith(`${root}/`);
}

/** Exactly these paths (any query). */
export function exactPaths(...paths: readonly string[]): ReturnPathArea {
  return (pathname) => paths.includes(pathname);
}

/** A path only the portal's own origin can serve: one leading slash, no backslash or control character. */
function isPlainPath(value: string): boolean {
  return value.startsWith("/") && value[1] !== "/" && !CONTROL_OR_BACKSLASH.test(value);
}

/** The value resolved against the portal's origin as a browser would; null when it names another origin. */
function normalised(value: string): string | null {
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Whether the path part stays a plain same-origin path however often something down the line
 * percent-decodes and re-normalises it (`/%2F%2Fhost`, `/%252F%252Fhost`, `/%2e%2e%2f%2fhost`).
 */
function staysOnOrigin(pathname: string): boolean {
  let current = pathname;
  for (let round = 0; round < MAX_DECODINGS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    const again = normalised(decoded);
    if (!isPlainPath(decoded) || again === null || !isPlainPath(again)) return false;
    current = decoded;
  }
  return false;
}

function pathnameOf(path: string): string {
  return path.split(/[?#]/, 1)[0];
}

/**
 * The path to send the browser to: `candidate` when it is a same-origin path (in `area`, when
 * given) after normalisation, else `fallback`. The answer is the normalised value, so what was
 * checked is exactly what is used.
 */
export function safeReturnTo(candidate: string | null | undefined, fallback = "/", area?: ReturnPathArea): string {
  if (!candidate || candidate.length > MAX_LENGTH || !isPlainPath(candidate)) return fallback;
  const final = normalised(candidate);
  if (final === null || !isPlainPath(final) || normalised(final) !== final) return fallback;
  const pathname = pathnameOf(final);
  if (!staysOnOrigin(pathname)) return fallback;
  if (area && !area(pathname)) return fallback;
  return final;
}
