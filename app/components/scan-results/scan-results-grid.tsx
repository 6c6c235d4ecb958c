import { LazyResendModal } from "~/components/resend/lazy-resend-modal";
import type { GridBulkAction } from "~/grid/components/bulk-action";
import { DataGrid } from "~/grid/components/data-grid";
import type { GridView } from "~/grid/grid-view";
import { RESEND_PATH } from "~/modules/resend/form-fields";
import { canResendScanResults } from "~/modules/scan-results/bulk-rule";
import { scanResultsGrid } from "~/modules/scan-results/grid";
import type { ScanResultRowDetail } from "~/modules/scan-results/row-detail";
import { AVAILABLE_ACTIONS_LABEL } from "~/modules/transactions/bulk-eligibility";
import { ScanResultRowPanel } from "./scan-result-row-panel";

const BULK_RESEND: GridBulkAction = {
  formId: "bulk",
  // The transactions' bulk resend: its page without JavaScript, its dialog with it; it comes back here.
  action: RESEND_PATH,
  method: "get",
  label: AVAILABLE_ACTIONS_LABEL,
  isAllowed: canResendScanResults,
  renderDialog: (props) => <LazyResendModal {...props} />,
};

const renderPanel = (detail: ScanResultRowDetail) => <ScanResultRowPanel detail={detail} />;

/** The Scan Results table: the portal's grid with the expanded row's sections and Available Actions. */
export function ScanResultsGrid({ view }: { view: GridView<ScanResultRowDetail> }) {
  return <DataGrid definition={scanResultsGrid} view={view} renderDetail={renderPanel} bulk={BULK_RESEND} />;
}
