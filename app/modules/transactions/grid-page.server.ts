import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { loadGrid } from "~/grid/load-grid.server";
import { userTimeZone } from "~/lib/time-zone.server";
import { providerLock } from "~/modules/providers/provider-options.server";
import { withBackLinks } from "~/modules/transaction-detail/grid-back-links";
import { loadTransactionFilterChoices } from "./filter-options.server";
import { servicesGrid, transactionsGrid } from "./grid";
import { findTransactionGridRows } from "./grid-rows.server";
import { findTransactionRowDetail } from "./row-detail.server";

const GRIDS = {
  transactions: { definition: transactionsGrid, requestType: undefined, detailPath: "/transactions" },
  services: { definition: servicesGrid, requestType: "services", detailPath: "/transactions/services" },
} as const;

export type TransactionGridKind = keyof typeof GRIDS;

/**
 * The Transactions or Services grid for the signed-in user: their provider scope in every query
 * and locked in the URL, options from configuration and the database, and the expanded row's
 * details (only that row's).
 */
export async function loadTransactionGridPage(request: Request, signedIn: SignedIn, kind: TransactionGridKind) {
  const { definition, requestType, detailPath } = GRIDS[kind];
  const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
  const choices = await loadTransactionFilterChoices(scope);
  const view = await loadGrid({
    request,
    definition,
    userId: signedIn.user.id,
    timeZone,
    options: choices.options,
    locked: providerLock(scope),
    source: {
      page: (state) => findTransactionGridRows({ state, timeZone, scope, requestType, storedValues: choices.storedValues }, detailPath),
      detail: (rowId) => findTransactionRowDetail(rowId, scope, requestType),
    },
  });
  return withBackLinks(view, kind === "services" ? "service" : "transaction");
}
