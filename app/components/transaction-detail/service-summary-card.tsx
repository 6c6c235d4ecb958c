import { Card, Divider, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { ValueItem } from "~/components/value-item";
import type { ServiceSummaryView } from "~/modules/transaction-detail/view-models";
import { QuoteItemsTable } from "./quote-items-table";

/** The Service Summary side card: statuses and type, Quote Items when configured, the Invoice Total, and the support contact. */
export function ServiceSummaryCard({ summary, supportContact }: { summary: ServiceSummaryView; supportContact: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="aside" aria-labelledby="service-summary-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="service-summary-title">
          Service Summary
        </Title>
        <SimpleGrid cols={1} spacing={6} component="dl" m={0}>
          <ValueItem label="Process Status">{summary.processStatus}</ValueItem>
          <ValueItem label="Invoice Status">{summary.invoiceStatus}</ValueItem>
          <ValueItem label="Type">{summary.type}</ValueItem>
        </SimpleGrid>
        {summary.quoteItems ? (
          <>
            <Divider />
            <Title order={3} size="h6">
              Quote Items
            </Title>
            {summary.quoteItems.length === 0 ? <Text size="sm">No quote items.</Text> : <QuoteItemsTable items={summary.quoteItems} />}
          </>
        ) : null}
        <Divider />
        <Title order={3} size="h6">
          Invoice Total
        </Title>
        {summary.invoiceTotal ? (
          <SimpleGrid cols={3} spacing={6} component="dl" m={0} aria-label="Invoice Total">
            <ValueItem label="Net">{summary.invoiceTotal.net}</ValueItem>
            <ValueItem label="Tax">{summary.invoiceTotal.tax}</ValueItem>
            <ValueItem label="Total">{summary.invoiceTotal.total}</ValueItem>
          </SimpleGrid>
        ) : (
          <Text size="sm">N/A</Text>
        )}
        <Divider />
        <SimpleGrid cols={1} spacing={6} component="dl" m={0}>
          <ValueItem label="Support Contact">{supportContact}</ValueItem>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
