/**
 * A resource route's JSON, read by the browser with a plain request rather than a fetcher: Remix
 * discovers a fetcher's route first, and a navigation while that is under way ended on the 404
 * page (remix-run/remix#10263, decision 0101). It reads the portal's own routes only, never an
 * address from elsewhere (those go through the server's guarded client). The answer is JSON, after
 * any correction of the address; a page instead means the sign-in has ended, and the page read
 * again goes where it must.
 */
export async function readJson<Answer>(path: string, signal: AbortSignal): Promise<Answer> {
  const { origin } = window.location;
  const url = new URL(path, origin);
  if (url.origin !== origin) throw new Error(`${path} is not one of the portal's own addresses`);
  const response = await fetch(url, { signal, credentials: "same-origin", headers: { Accept: "application/json" } });
  const json = response.ok && (response.headers.get("Content-Type") ?? "").startsWith("application/json");
  if (!json && response.redirected) window.location.reload();
  if (!json) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as Answer;
}
