import type { GridRow } from "~/grid/grid-view";
import { shownCells } from "~/grid/shown-cells";
import { internalShopIds } from "~/modules/shops/test-shops.server";
import { transactionCells } from "./cells";
import { findTransactionsPage, type TransactionQuery } from "./grid-query.server";

/** Columns the page needs even when hidden: the Available Actions rule reads them. */
const ALWAYS_SENT = ["scanType", "status"] as const;

/**
 * One page of the Transactions or Services grid as the grid shows it: the displayed value of the
 * visible columns (and of Scan Type and Process Status, which the bulk rule reads), Request ID
 * linked to its detail route, and test shops' rows grayed.
 */
export async function findTransactionGridRows(query: TransactionQuery, detailPath: string): Promise<{ rows: GridRow[]; total: number }> {
  const page = await findTransactionsPage(query);
  const internal = await internalShopIds(page.rows.map((row) => row.shopId));
  const rows = page.rows.map((row): GridRow => ({
    id: String(row.scanRequestId),
    cells: shownCells(transactionCells(row, query.timeZone), query.state.cols, ALWAYS_SENT),
    links: { scanRequestId: `${detailPath}/${row.scanRequestId}` },
    muted: internal.has(row.shopId),
  }));
  return { rows, total: page.total };
}
