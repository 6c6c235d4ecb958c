import { Anchor, Group } from "@mantine/core";
import type { QuoteAttachmentView, QuoteServiceLineView } from "~/modules/transaction-detail/view-models";
import { DataTable } from "./data-table";
import { StackedRecords } from "./stacked-records";

/** Service Line Details: eleven fields per line, so each line is a block of labelled values rather than a table row. */
export function QuoteServiceLines({ lines }: { lines: readonly QuoteServiceLineView[] }) {
  return (
    <StackedRecords
      caption="Service Line Details"
      itemLabel="Service line"
      rows={lines}
      rowKey={(row) => row.id}
      empty="No service lines."
      fields={[
        { label: "System", value: (row) => row.system },
        { label: "Subsystem", value: (row) => row.subsystem },
        { label: "Location", value: (row) => row.location },
        { label: "Capable", value: (row) => row.capable },
        { label: "Type", value: (row) => row.type },
        { label: "Category", value: (row) => row.category },
        { label: "Service UID", value: (row) => row.serviceUid },
        { label: "CCC Procedure ID", value: (row) => row.cccProcedureId },
        { label: "CCC Procedure Description", value: (row) => row.cccProcedureDesc },
        { label: "Provider Retail Price", value: (row) => row.retailPrice },
        { label: "Shop Cost", value: (row) => row.shopCost },
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
