import { namedCellsWriters } from "~/grid/csv-worker/cells-writer";
import { activityCells, type ActivityCellsSource } from "~/modules/activity/cells";
import { applicationCells } from "~/modules/applications/cells";
import type { ApplicationRow } from "~/modules/applications/grid-query.server";
import { deviceCells, type DeviceCellsSource } from "~/modules/devices/cells";
import { errorCells } from "~/modules/error-log/cells";
import type { ErrorRow } from "~/modules/error-log/grid-query.server";
import { providerCells, type ProviderCellsSource } from "~/modules/providers/cells";
import { quoteCells } from "~/modules/quotes/cells";
import type { QuoteRow } from "~/modules/quotes/grid-query.server";
import { scanResultCells } from "~/modules/scan-results/cells";
import type { ScanResultRow } from "~/modules/scan-results/grid-query.server";
import { shopListCells } from "~/modules/shop-list/cells";
import type { ShopListRow } from "~/modules/shop-list/grid-query.server";
import { registrationCells } from "~/modules/shop-registrations/cells";
import type { RegistrationRow } from "~/modules/shop-registrations/grid-query.server";
import { transactionCells } from "~/modules/transactions/cells";
import type { TransactionRow } from "~/modules/transactions/grid-query.server";
import { directoryUserCells, type DirectoryCellsSource } from "~/modules/user-roles/cells";

/** The plain context of cells that read only the time zone of the request's dates. */
export interface ZonedCells {
  timeZone: string;
}

/** The plain context of the User Roles cells: providers' names by id (a Map crosses as a structured clone). */
export interface UserRoleCells extends ZonedCells {
  providerNames: ReadonlyMap<number, string>;
}

/**
 * The cells of every grid whose export a worker thread writes (decision 0091), by name: each the
 * very function the grid's `cells` calls, as a function of the row and plain data. Only pure cells
 * modules are imported here, because the worker's bundle is built from this file (worker.ts).
 * A grid opts in with `csvInWorker: csvInWorker(csvCellsWriters.<name>, (context) => ({ ... }))`.
 */
export const csvCellsWriters = namedCellsWriters({
  activity: (row: ActivityCellsSource, { timeZone }: ZonedCells) => activityCells(row, timeZone),
  applications: (row: ApplicationRow, { timeZone }: ZonedCells) => applicationCells(row, timeZone),
  devices: (row: DeviceCellsSource, { timeZone }: ZonedCells) => deviceCells(row, timeZone),
  errorLog: (row: ErrorRow, { timeZone }: ZonedCells) => errorCells(row, timeZone),
  providers: (row: ProviderCellsSource, { timeZone }: ZonedCells) => providerCells(row, timeZone),
  quotes: (row: QuoteRow, { timeZone }: ZonedCells) => quoteCells(row, timeZone),
  scanResults: (row: ScanResultRow, { timeZone }: ZonedCells) => scanResultCells(row, timeZone),
  shopList: (row: ShopListRow, { timeZone }: ZonedCells) => shopListCells(row, timeZone, "csv"),
  shopRegistrations: (row: RegistrationRow, { timeZone }: ZonedCells) => registrationCells(row, timeZone),
  transactions: (row: TransactionRow, { timeZone }: ZonedCells) => transactionCells(row, timeZone),
  userRoles: (row: DirectoryCellsSource, { providerNames, timeZone }: UserRoleCells) => directoryUserCells(row, providerNames, timeZone),
});

/** The plain context of a grid whose cells read only the time zone. */
export function zoneOnly({ timeZone }: ZonedCells): ZonedCells {
  return { timeZone };
}
