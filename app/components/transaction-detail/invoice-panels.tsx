import { SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ValueItem } from "~/components/value-item";
import type { InvoiceInformationView, InvoiceLineView } from "~/modules/transaction-detail/view-models";
import { DataTable } from "./data-table";

const orNa = (value: string) => value || "N/A";

/** Invoice Information; `resendAction` is the 'Resend Invoice' action, rendered by its own feature. */
export function InvoiceInformationPanel({ information, resendAction }: { information: InvoiceInformationView | null; resendAction?: ReactNode }) {
  if (!information) return <Text size="sm">No invoice is available for this transaction.</Text>;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="dl" m={0}>
        <ValueItem label="Invoice ID">{orNa(information.invoiceId)}</ValueItem>
        <ValueItem label="Delivery Date">{orNa(information.deliveryDate)}</ValueItem>
        <ValueItem label="Invoice Status">{orNa(information.status)}</ValueItem>
        <ValueItem label="CCC Invoice Response">{orNa(information.cccResponse)}</ValueItem>
        <ValueItem label="Retry Count">{information.retryCount}</ValueItem>
      </SimpleGrid>
      {resendAction}
    </Stack>
  );
}

/** Invoice Line Details, prices in USD. */
export function InvoiceLinesTable({ lines }: { lines: readonly InvoiceLineView[] }) {
  return (
    <DataTable
      caption="Invoice Line Details"
      rows={lines}
      rowKey={(row, index) => `${row.lineNo}-${index}`}
      empty="No invoice lines."
      columns={[
        { label: "Line #", cell: (row) => row.lineNo },
        { label: "Service UID", cell: (row) => row.serviceUid },
        { label: "Type", cell: (row) => row.type },
        { label: "Description", cell: (row) => row.description },
        { label: "List Price (USD)", cell: (row) => row.listPrice },
        { label: "Net Price (USD)", cell: (row) => row.netPrice },
      ]}
    />
  );
}
