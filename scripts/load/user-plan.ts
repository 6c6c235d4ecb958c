/**
 * What a load user has to work with: URLs found by browsing the portal as a user of the same kind
 * before the load starts (plan-browser.ts). Lists are empty where the user may not go.
 */
export interface UserPlan {
  /** Canonical grid URLs (path and query), as the grids' own links and redirects write them. */
  grids: { transactions: string[]; services: string[]; quotes: string[]; scanResults: string[] };
  /** The menu's link to the transactions grid: the bare path, which redirects to the remembered query. */
  transactionsMenuLink: string | null;
  /** Detail links as the grids render them (with their `back` parameter). */
  details: { transaction: string[]; service: string[]; quote: string[] };
  /** Transaction detail paths (no query) whose views hold what a flow opens next. */
  withDocuments: string[];
  withReports: string[];
  /** Transactions whose Status section offers 'Resend Results' to this user. */
  resendable: number[];
  /** Selections the bulk resend accepts (each a few transaction ids), with the grid they come from. */
  bulkSelections: Array<{ ids: number[]; back: string }>;
  /** CSV exports: the grids' queries of a week, and of every row. */
  exports: { week: string[]; quotes: string[]; whole: string[] };
  /** Time zones the settings flow saves in turn. */
  timeZones: string[];
}

export function emptyPlan(): UserPlan {
  return {
    grids: { transactions: [], services: [], quotes: [], scanResults: [] },
    transactionsMenuLink: null,
    details: { transaction: [], service: [], quote: [] },
    withDocuments: [],
    withReports: [],
    resendable: [],
    bulkSelections: [],
    exports: { week: [], quotes: [], whole: [] },
    timeZones: [],
  };
}
