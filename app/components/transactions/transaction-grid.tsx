import { LazyResendModal } from "~/components/resend/lazy-resend-modal";
import { LazyDetailDialog } from "~/components/transaction-detail/lazy-detail-dialog";
import type { GridBulkAction } from "~/grid/components/bulk-action";
import { DataGrid } from "~/grid/components/data-grid";
import type { GridDefinition } from "~/grid/definition";
import type { GridRow, GridView } from "~/grid/grid-view";
import { RESEND_PATH } from "~/modules/resend/form-fields";
import { AVAILABLE_ACTIONS_LABEL, canResendTogether } from "~/modules/transactions/bulk-eligibility";
import { TEST_SHOP_NOTE } from "~/modules/transactions/grid";
import type { TransactionRowDetail } from "~/modules/transactions/row-detail";
import { TransactionRowPanel } from "./transaction-row-panel";

const BULK_RESEND: GridBulkAction = {
  formId: "bulk",
  // Without JavaScript the resend page shows the dialog as a page; with it, its modal opens here.
  action: RESEND_PATH,
  method: "get",
  label: AVAILABLE_ACTIONS_LABEL,
  isAllowed: (rows: readonly GridRow[]) => canResendTogether(rows.map((row) => ({ scanType: row.cells.scanType ?? "", status: row.cells.status ?? "" }))),
  renderDialog: (props) => <LazyResendModal {...props} />,
};

const renderPanel = (detail: TransactionRowDetail) => <TransactionRowPanel detail={detail} />;
const renderDetailDialog = (props: { href: string | null; onClose: () => void }) => <LazyDetailDialog {...props} />;

/** The Transactions and Services grids: the portal's grid with the row panel, the bulk resend form and the test-shop note. */
export function TransactionGrid({ definition, view }: { definition: GridDefinition; view: GridView<TransactionRowDetail> }) {
  return <DataGrid definition={definition} view={view} renderDetail={renderPanel} bulk={BULK_RESEND} note={TEST_SHOP_NOTE} linkDialog={renderDetailDialog} />;
}
