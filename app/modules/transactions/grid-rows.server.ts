import type { GridRow } from "~/grid/grid-view";
import { internalShopIds } from "~/modules/shops/test-shops.server";
import { transactionCells } from "./cells";
import { findTransactionsPage, type TransactionQuery } from "./grid-query.server";

/** Columns the page needs even when hidden: the Available Actions rule reads them. */
const ALWAYS_SENT = ["scanType", "status"] as const;

function visibleCells(cells: Record<string, string>, columns: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(cells).filter(([id]) => columns.has(id)));
}

/**
 * One page of the Transactions or Services grid as the grid shows it: the displayed value of the
 * visible columns (and of Scan Type and Process Status, which the bulk rule reads), Request ID
 * linked to its detail route, and test shops' rows grayed.
 */
export async function findTransactionGridRows(query: TransactionQuery, detailPath: string): Promise<{ rows: GridRow[]; total: number }> {
  const page = await findTransactionsPage(query);
  const internal = await internalShopIds(page.rows.map((row) => row.shopId));
  const columns = new Set<string>([...query.state.cols, ...ALWAYS_SENT]);
  const rows = page.rows.map(
    (row): GridRow => ({
      id: String(row.scanRequestId),
      cells: visibleCells(transactionCells(row, query.timeZone), columns),
      links: { scanRequestId: `${detailPath}/${row.scanRequestId}` },
      muted: internal.has(row.shopId),
    }),
  );
  return { rows, total: page.total };
}
