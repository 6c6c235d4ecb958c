/** Each card's 'Additional Info.': what it counts, in the words of decision 0045. */
export const KPI_HELP: Record<string, string> = {
  registeredShops:
    "Shops with an active registration with the provider, test shops left out. The change compares with the shops registered at the start of the current period.",
  successfulScans: "Scan requests of the current period that completed (COMPLETED, including COMPLETED (CCCONE Error)), test shops left out.",
  failedScans: "Scan requests of the current period that failed (FAILED and its variants), test shops left out.",
  averageScanTime: "The mean time from scan start to scan end of the current period's successful scans, in minutes.",
  shopActivity: "Per period, the shops with at least one successful scan.",
  scanTrend: "Per period, the scan requests by status: successful, failed and cancelled.",
  functionTrend: "Per period, the scan requests by function (scan type).",
  shopList:
    "The provider's shop registrations by status: Transacting (active, a successful scan in the last 30 days), Non-Transacting (active, none) and Deregistered (inactive).",
  shopAdoption: "Per period, the shop registrations created in it: the provider's new shops.",
  coverageMap:
    "The provider's registered shops with a known location, test shops left out, clustered where they are close. Each shop or cluster gives its scan requests over the five periods of the chart's interval; the figures are read at most five minutes before the time shown.",
};
