import { Anchor, Group } from "@mantine/core";
import type { QuoteAttachmentView, QuoteServiceLineView } from "~/modules/transaction-detail/view-models";
import { DataTable } from "./data-table";

export function QuoteServiceLinesTable({ lines }: { lines: readonly QuoteServiceLineView[] }) {
  return (
    <DataTable
      caption="Service Line Details"
      rows={lines}
      rowKey={(row) => row.id}
      empty="No service lines."
      columns={[
        { label: "System", cell: (row) => row.system },
        { label: "Subsystem", cell: (row) => row.subsystem },
        { label: "Location", cell: (row) => row.location },
        { label: "Capable", cell: (row) => row.capable },
        { label: "Type", cell: (row) => row.type },
        { label: "Category", cell: (row) => row.category },
        { label: "Service UID", cell: (row) => row.serviceUid },
        { label: "CCC Procedure ID", cell: (row) => row.cccProcedureId },
        { label: "CCC Procedure Description", cell: (row) => row.cccProcedureDesc },
        { label: "Provider Retail Price", cell: (row) => row.retailPrice },
        { label: "Shop Cost", cell: (row) => row.shopCost },
      ]}
    />
  );
}

/** Attachments: the file opens in the browser (View) or downloads. */
export function QuoteAttachmentsTable({ attachments }: { attachments: readonly QuoteAttachmentView[] }) {
  return (
    <DataTable
      caption="Attachments"
      rows={attachments}
      rowKey={(row) => row.id}
      empty="No attachments."
      columns={[
        { label: "Type", cell: (row) => row.type },
        { label: "File Type", cell: (row) => row.fileType },
        { label: "File Name", cell: (row) => row.fileName },
        {
          label: "View",
          cell: (row) => (
            <Group gap="sm">
              <Anchor href={row.viewHref} target="_blank" rel="noopener" size="sm" aria-label={`View ${row.fileName}`}>
                View
              </Anchor>
              <Anchor href={row.downloadHref} size="sm" download aria-label={`Download ${row.fileName}`}>
                Download
              </Anchor>
            </Group>
          ),
        },
      ]}
    />
  );
}
