import { z } from "zod";
import { messageCookie } from "~/auth/message-cookie.server";

/**
 * What the grid corrected in a hand-edited or outdated URL, carried across the redirect to the
 * canonical URL in a signed cookie and shown once beside the grid (the grid's own loader reads it,
 * so it works the same with and without JavaScript). It names its grid: another grid's request
 * leaves it alone.
 */
const CORRECTIONS_COOKIE = "__portal_grid_corrections";
const MAX_LINE = 300;
/** Browsers drop a cookie whose name and value exceed 4096 bytes, silently. */
const COOKIE_LIMIT = 4000;

const correctionsSchema = z.object({ grid: z.string().max(100), lines: z.array(z.string().max(MAX_LINE + 40)).max(60) });

const correctionsCookie = () => messageCookie(CORRECTIONS_COOKIE);

const fits = (header: string) => Buffer.byteLength(header.split(";")[0] ?? "") <= COOKIE_LIMIT;

/** The Set-Cookie value that shows these corrections on the grid's next page; as many lines as fit, and how many more there were. */
export async function correctionsCookieHeader(gridId: string, corrections: readonly string[]): Promise<string> {
  const lines = corrections.slice(0, 50).map((line) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line));
  for (let kept = lines.length; kept >= 0; kept--) {
    const left = corrections.length - kept;
    const shown = left > 0 ? [...lines.slice(0, kept), `…and ${left} more.`] : lines;
    const header = await correctionsCookie().serialize({ grid: gridId, lines: shown });
    if (fits(header)) return header;
  }
  return correctionsCookie().serialize({ grid: gridId, lines: [`${corrections.length} values were corrected.`] });
}

/** The waiting corrections of whichever grid, without consuming them; null when there are none (or they are not ours). */
export async function readCorrections(request: Request): Promise<{ grid: string; lines: string[] } | null> {
  const header = request.headers.get("Cookie") ?? "";
  if (!header.includes(`${CORRECTIONS_COOKIE}=`)) return null;
  const parsed = correctionsSchema.safeParse(await correctionsCookie().parse(header));
  return parsed.success ? parsed.data : { grid: "", lines: [] };
}

/** This grid's waiting corrections, and the Set-Cookie value that consumes them (null when there are none). */
export async function takeCorrections(request: Request, gridId: string): Promise<{ lines: string[]; clear: string | null }> {
  const waiting = await readCorrections(request);
  // A cookie that does not verify is dropped; another grid's is left for that grid.
  if (!waiting || (waiting.grid !== "" && waiting.grid !== gridId)) return { lines: [], clear: null };
  return { lines: waiting.lines, clear: await correctionsCookie().serialize("", { maxAge: 0 }) };
}
