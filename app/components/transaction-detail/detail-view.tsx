import { Card, Grid, Stack, Text } from "@mantine/core";
import { useCallback, useState } from "react";
import { SingleResendButton } from "~/components/resend/single-resend-button";
import type { DetailPageData, WorkflowDocumentView } from "~/modules/transaction-detail/view-models";
import { DetailHeader } from "./detail-header";
import { SectionTabs, VerticalTabs } from "./detail-tabs";
import { DocumentDialog } from "./document-viewer";
import { ServiceSummaryCard } from "./service-summary-card";
import { TabPanel, type DetailSlots } from "./tab-panel";

/** A transaction, service or quote detail view: header card, left tabs, the selected section, and the Service Summary. */
export function DetailView({ page }: { page: DetailPageData }) {
  const [openDocument, setOpenDocument] = useState<WorkflowDocumentView | null>(null);
  const requestId = page.active && page.kind !== "quote" ? page.id : null;
  const slots: DetailSlots = {
    statusResendAction:
      requestId !== null && page.resend.results ? (
        <SingleResendButton requestId={requestId} kind="results" back={page.self} token={page.resend.results} />
      ) : undefined,
    invoiceResendAction:
      requestId !== null && page.resend.invoice ? (
        <SingleResendButton requestId={requestId} kind="invoice" back={page.self} token={page.resend.invoice} />
      ) : undefined,
  };
  const closeDocument = useCallback(() => setOpenDocument(null), []);
  return (
    <Stack gap="md">
      <DetailHeader heading={page.heading} backHref={page.backHref} header={page.header} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 2 }}>
          <VerticalTabs tabs={page.tabs} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding="md" component="section" aria-label="Details">
            {page.active ? (
              <>
                {page.sections.length > 1 ? <SectionTabs sections={page.sections} /> : null}
                <TabPanel active={page.active} slots={slots} onOpenDocument={setOpenDocument} />
              </>
            ) : (
              <Text size="sm">No details are available for this view.</Text>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ServiceSummaryCard summary={page.summary} supportContact={page.supportContact} />
        </Grid.Col>
      </Grid>
      <DocumentDialog document={openDocument} onClose={closeDocument} />
    </Stack>
  );
}
