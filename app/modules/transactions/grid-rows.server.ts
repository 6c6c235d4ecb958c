import type { GridRow } from "~/grid/grid-view";
import { internalShopIds } from "~/modules/shops/test-shops.server";
import { transactionCells } from "./cells";
import { findTransactionsPage, type TransactionQuery } from "./grid-query.server";

/**
 * One page of the Transactions or Services grid as the grid shows it: every column's displayed
 * value (the bulk rule reads Scan Type and Process Status even when hidden), Request ID linked to
 * its detail route, and test shops' rows grayed.
 */
export async function findTransactionGridRows(query: TransactionQuery, detailPath: string): Promise<{ rows: GridRow[]; total: number }> {
  const page = await findTransactionsPage(query);
  const internal = await internalShopIds(page.rows.map((row) => row.shopId));
  const rows = page.rows.map(
    (row): GridRow => ({
      id: String(row.scanRequestId),
      cells: transactionCells(row, query.timeZone),
      links: { scanRequestId: `${detailPath}/${row.scanRequestId}` },
      muted: internal.has(row.shopId),
    }),
  );
  return { rows, total: page.total };
}
