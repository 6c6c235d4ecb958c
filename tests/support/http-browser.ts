/** A browser without JavaScript for integration tests: keeps cookies (by path), never follows redirects by itself. */
export class Browser {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  /** `headers` go with every request, e.g. X-Forwarded-For to come from another client address. */
  constructor(private readonly headers: Record<string, string> = {}) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const cookie = [...this.cookies.entries()]
      .filter(([, entry]) => target.pathname.startsWith(entry.path))
      .map(([name, entry]) => `${name}=${entry.value}`)
      .join("; ");
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    headers.set("Accept", "text/html");
    if (cookie) headers.set("Cookie", cookie);
    const response = await fetch(target, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  get(url: string): Promise<Response> {
    return this.request(url);
  }

  post(url: string, form: Record<string, string>): Promise<Response> {
    return this.request(url, { method: "POST", body: new URLSearchParams(form) });
  }

  cookieNames(): string[] {
    return [...this.cookies.keys()];
  }

  /** Every cookie this browser holds, to hand a session made here to another client. */
  cookieList(): Array<{ name: string; value: string; path: string }> {
    return [...this.cookies.entries()].map(([name, entry]) => ({ name, ...entry }));
  }

  /** The Cookie header this browser would send to a path (to replay a request as it was). */
  cookieHeader(pathname = "/"): string {
    return [...this.cookies.entries()]
      .filter(([, entry]) => pathname.startsWith(entry.path))
      .map(([name, entry]) => `${name}=${entry.value}`)
      .join("; ");
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const separator = pair.indexOf("=");
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const path = attributes.find((a) => a.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
    const expired = attributes.some((a) => a.toLowerCase().startsWith("expires=") && Date.parse(a.slice(8)) < Date.now());
    if (!value || expired) this.cookies.delete(name);
    else this.cookies.set(name, { value, path });
  }
}

export function location(response: Response, base: string): URL {
  const header = response.headers.get("location");
  if (!header) throw new Error(`expected a redirect, got ${response.status}`);
  // A relative Location is relative to the URL that answered (as a browser reads it).
  return new URL(header, response.url || base);
}
