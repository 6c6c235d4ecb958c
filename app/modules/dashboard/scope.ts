/**
 * Whose figures a dashboard shows (decisions 0045, 0064): the provider chosen, or every provider
 * the selector offers (version 2.0, not AHMC), never the providers one cannot choose.
 */
export type DashboardProviders = { kind: "one"; providerId: number } | { kind: "selectable" };

export const SELECTABLE_PROVIDERS: DashboardProviders = { kind: "selectable" };

export function oneProvider(providerId: number): DashboardProviders {
  return { kind: "one", providerId };
}

export interface DashboardScope {
  providers: DashboardProviders;
  /** The shops picked; null when none are (or all are). */
  shopIds: readonly number[] | null;
}

/** A card's own make and provider-scan-type choice; null is All. */
export interface CardNarrowing {
  make: string | null;
  providerScanType: string | null;
}

export const ALL_OF_CARD: CardNarrowing = { make: null, providerScanType: null };
