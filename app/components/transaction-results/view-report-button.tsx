import { Button } from "@mantine/core";
import { Link } from "@remix-run/react";
import { reportPreviewUrl } from "~/modules/transaction-results/links";
import type { PreviewedReport } from "./report-preview";

/**
 * View: a link to the preview page, which the dialog replaces once JavaScript runs (the click
 * handler only exists after hydration).
 */
export function ViewReportButton({
  report,
  backTo,
  onOpen,
  label = "View",
}: {
  report: PreviewedReport;
  backTo: string;
  onOpen: (report: PreviewedReport) => void;
  label?: string;
}) {
  return (
    <Button
      size="xs"
      variant="light"
      component={Link}
      to={reportPreviewUrl(report.scanRequestId, report.reportId, backTo)}
      aria-label={`${label} ${report.fileName}`}
      onClick={(event) => {
        event.preventDefault();
        onOpen(report);
      }}
    >
      {label}
    </Button>
  );
}
