/**
 * Fetchers whose key starts with this prefix do work the user need not wait for (a bulk resend
 * after its spinner's 5 seconds): the busy overlay does not cover the page for them.
 */
export const BACKGROUND_FETCHER_PREFIX = "background:";

export function isBackgroundFetcher(key: string): boolean {
  return key.startsWith(BACKGROUND_FETCHER_PREFIX);
}
