import { Table, Text } from "@mantine/core";
import { useState } from "react";
import type { ReportsTab } from "~/modules/transaction-results/reports";
import type { PreviewedReport } from "./report-preview";
import { ReportPreviewModal } from "./report-preview-modal";
import { ViewReportButton } from "./view-report-button";

/**
 * The Reports tab (spec §2): timestamp, type, source and a View button per report. `backTo` is the
 * detail view's URL on this tab, where the preview page's Back button returns.
 */
export function ReportsPanel({ tab, backTo }: { tab: ReportsTab; backTo: string }) {
  const [previewed, setPreviewed] = useState<PreviewedReport | null>(null);
  if (tab.reports.length === 0) return <Text size="sm">No reports.</Text>;
  return (
    <>
      <Table striped withTableBorder aria-label="Reports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Timestamp</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>View</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tab.reports.map((report) => (
            <Table.Tr key={report.reportId}>
              <Table.Td>{report.createdAt}</Table.Td>
              <Table.Td>{report.type}</Table.Td>
              <Table.Td>{report.source}</Table.Td>
              <Table.Td>
                <ViewReportButton
                  report={{ scanRequestId: tab.scanRequestId, reportId: report.reportId, fileName: report.fileName, preview: report.preview }}
                  backTo={backTo}
                  onOpen={setPreviewed}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ReportPreviewModal report={previewed} onClose={() => setPreviewed(null)} />
    </>
  );
}
