import { Modal } from "@mantine/core";
import { ReportPreview, type PreviewedReport } from "./report-preview";

/** The preview dialog that View buttons open when JavaScript runs; without it they link to the preview page. */
export function ReportPreviewModal({ report, onClose }: { report: PreviewedReport | null; onClose: () => void }) {
  return (
    <Modal opened={report !== null} onClose={onClose} title={report?.fileName} size="xl" centered>
      {report ? <ReportPreview key={`${report.scanRequestId}-${report.reportId}`} report={report} showLoading /> : null}
    </Modal>
  );
}
