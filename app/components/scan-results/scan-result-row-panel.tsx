import { Divider, SimpleGrid, Stack, Title } from "@mantine/core";
import { useCallback, useState, type ReactNode } from "react";
import { DocumentDialog } from "~/components/transaction-detail/document-viewer";
import { InvoiceInformationPanel, InvoiceLinesTable } from "~/components/transaction-detail/invoice-panels";
import { LabelledValues } from "~/components/transaction-detail/labelled-values";
import { StatusPanel } from "~/components/transaction-detail/status-panel";
import { WorkflowLogs } from "~/components/transaction-detail/workflow-logs";
import { ReportsPanel } from "~/components/transaction-results/reports-panel";
import { ViewResultsPanel } from "~/components/transaction-results/view-results-panel";
import { ValueItem } from "~/components/value-item";
import type { ScanResultRowDetail } from "~/modules/scan-results/row-detail";
import type { WorkflowDocumentView } from "~/modules/transaction-detail/view-models";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Divider />
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * An expanded Scan Results row (spec §2): provider, shop, vehicle, then Transaction Details, View
 * Results, Invoice Details, Documents and Reports, drawn with the detail view's own panels. A
 * document's View opens the viewer's page without JavaScript and a dialog with it; a report's View
 * likewise opens its preview page or the preview dialog.
 */
export function ScanResultRowPanel({ detail }: { detail: ScanResultRowDetail }) {
  const [openDocument, setOpenDocument] = useState<WorkflowDocumentView | null>(null);
  const closeDocument = useCallback(() => setOpenDocument(null), []);
  return (
    <Stack gap="sm" role="region" aria-label={`Details of scan response ${detail.scanResponseId}`}>
      <SimpleGrid cols={{ base: 2, md: 6 }} spacing="sm" component="dl" m={0}>
        <ValueItem label="Provider">{detail.providerName || "N/A"}</ValueItem>
        <ValueItem label="Shop Name">{detail.shopName || "N/A"}</ValueItem>
        <ValueItem label="Year">{detail.year || "N/A"}</ValueItem>
        <ValueItem label="Make">{detail.make || "N/A"}</ValueItem>
        <ValueItem label="Model">{detail.model || "N/A"}</ValueItem>
        <ValueItem label="VIN">{detail.vin || "N/A"}</ValueItem>
      </SimpleGrid>
      <Section title="Transaction Details">
        <LabelledValues values={detail.transactionDetails.service} cols={4} />
        <StatusPanel status={detail.transactionDetails.status} headingOrder={4} />
      </Section>
      <Section title="View Results">
        {detail.viewResults ? <ViewResultsPanel results={detail.viewResults} backTo={detail.back} headingOrder={4} /> : null}
      </Section>
      <Section title="Invoice Details">
        <InvoiceInformationPanel information={detail.invoice.information} />
        {detail.invoice.information ? <InvoiceLinesTable lines={detail.invoice.lines} /> : null}
      </Section>
      <Section title="Documents">
        <WorkflowLogs caption="Documents" documents={detail.documents} onOpen={setOpenDocument} />
      </Section>
      <Section title="Reports">
        <ReportsPanel tab={detail.reports} backTo={detail.back} />
      </Section>
      <DocumentDialog document={openDocument} onClose={closeDocument} />
    </Stack>
  );
}
