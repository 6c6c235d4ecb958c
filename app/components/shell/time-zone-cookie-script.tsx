import { TIME_ZONE_COOKIE } from "~/lib/time-zone";

/** Remembers the browser's time zone in a cookie, so the server can render dates in it. */
const SCRIPT = `try{document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+"; path=/; max-age=31536000; samesite=lax"}catch(e){}`;

export function TimeZoneCookieScript({ nonce }: { nonce: string | undefined }) {
  // The browser hides nonce attributes after parsing, so the client renders none here.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} suppressHydrationWarning />;
}
