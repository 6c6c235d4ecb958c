/** Whose figures a dashboard shows (decision 0045). */
export interface DashboardScope {
  /** The provider chosen; null for every provider (no provider filter, as on the grids its links open). */
  providerIds: readonly number[] | null;
  /** The shops picked; null when none are (or all are). */
  shopIds: readonly number[] | null;
}

/** A card's own make and provider-scan-type choice; null is All. */
export interface CardNarrowing {
  make: string | null;
  providerScanType: string | null;
}

export const ALL_OF_CARD: CardNarrowing = { make: null, providerScanType: null };
