import { Card, Grid, Stack, Text } from "@mantine/core";
import { useCallback, useState } from "react";
import type { DetailPageData, WorkflowDocumentView } from "~/modules/transaction-detail/view-models";
import { DetailHeader } from "./detail-header";
import { SectionTabs, VerticalTabs } from "./detail-tabs";
import { DocumentDialog } from "./document-viewer";
import { ServiceSummaryCard } from "./service-summary-card";
import { TabPanel, type DetailSlots } from "./tab-panel";

/** A transaction, service or quote detail view: header card, left tabs, the selected section, and the Service Summary. */
export function DetailView({ page, slots }: { page: DetailPageData; slots?: DetailSlots }) {
  const [openDocument, setOpenDocument] = useState<WorkflowDocumentView | null>(null);
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
                <SectionTabs sections={page.sections} />
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
