import { TIME_ZONE_COOKIE_SCRIPT } from "~/lib/time-zone";

/** Remembers the browser's time zone in a cookie, so the server can render dates in it. */
export function TimeZoneCookieScript({ nonce }: { nonce: string | undefined }) {
  // The browser hides nonce attributes after parsing, so the client renders none here.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: TIME_ZONE_COOKIE_SCRIPT }} suppressHydrationWarning />;
}
