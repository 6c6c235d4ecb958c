import type { SignedIn } from "~/auth/user-session.server";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridRow } from "~/grid/grid-view";
import { gridPageOrFailure } from "~/grid/load-failure.server";
import { shownCells } from "~/grid/shown-cells";
import { userTimeZone } from "~/lib/time-zone.server";
import { selectableProviderOptions } from "~/modules/providers/provider-options.server";
import { registrationCells } from "./cells";
import { shopRegistrationsGrid } from "./grid";
import { findRegistrationsPage, selectRegistrationRows } from "./grid-query.server";
import { findRegistrationDetail } from "./registration-detail.server";

/** The words when the registrations cannot be read. */
export const REGISTRATIONS_LOAD_FAILURE = { title: "Fail", message: "Failed to get shop registration data from DB. Please try again." } as const;

/**
 * Shop Registrations (dashboards spec §2.4): a page of registrations with their provider and the
 * shop's test flag (grayed), a registration enriched with the shop record of its license, and
 * the same query as CSV. The admin area is staff's: no provider scope.
 */
export const shopRegistrationsGridModule = defineGrid({
  definition: shopRegistrationsGrid,
  async context(request, signedIn): Promise<GridContext> {
    const [{ timeZone }, providers] = await Promise.all([userTimeZone(request, signedIn.user.id), selectableProviderOptions()]);
    return { timeZone, options: { provider: providers } };
  },
  async page(state, { timeZone }) {
    const page = await findRegistrationsPage(state);
    const rows = page.rows.map((row): GridRow => ({ id: String(row.id), cells: shownCells(registrationCells(row, timeZone), state.cols), muted: row.isInternal === "Y" }));
    return { rows, total: page.total };
  },
  detail: (rowId, { timeZone }) => findRegistrationDetail(Number(rowId), timeZone),
  allRows: (state) => selectRegistrationRows(state),
  cells: (row, { timeZone }) => registrationCells(row, timeZone),
});

export function loadShopRegistrationsPage(request: Request, signedIn: SignedIn) {
  return gridPageOrFailure(() => shopRegistrationsGridModule.loadPage(request, signedIn), REGISTRATIONS_LOAD_FAILURE, "Reading the Shop Registrations failed");
}
