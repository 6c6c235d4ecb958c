import { useNonce } from "~/lib/nonce";

export interface AnalyticsScriptProps {
  scriptUrl: string;
  analyticsKey: string;
  visitorId: string;
  accountId: string | null;
}

/**
 * Usage analytics after sign-in (platform spec §1): the vendor script reads its key, the hashed
 * visitor id and the account (company id) from its own data attributes.
 */
export function AnalyticsScript({ scriptUrl, analyticsKey, visitorId, accountId }: AnalyticsScriptProps) {
  const nonce = useNonce();
  return (
    <script
      src={scriptUrl}
      async
      nonce={nonce}
      data-analytics-key={analyticsKey}
      data-visitor-id={visitorId}
      data-account-id={accountId ?? undefined}
      // The browser hides nonce attributes after parsing, so the client renders none here.
      suppressHydrationWarning
    />
  );
}
