import { Anchor } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { WorkflowDocumentView } from "~/modules/transaction-detail/view-models";
import { DataTable } from "./data-table";

/**
 * A workflow log: timestamp, direction, transaction type, message type and the document viewer.
 * The View link opens the viewer's page; with JavaScript `onOpen` shows it in a dialog instead.
 */
export function WorkflowLogs({
  caption,
  documents,
  onOpen,
}: {
  caption: string;
  documents: readonly WorkflowDocumentView[];
  onOpen?: (document: WorkflowDocumentView) => void;
}) {
  return (
    <DataTable
      caption={caption}
      rows={documents}
      rowKey={(row) => row.id}
      empty="No workflow documents."
      columns={[
        { label: "Timestamp", cell: (row) => row.timestamp },
        { label: "Direction", cell: (row) => row.direction },
        { label: "Transaction Type", cell: (row) => row.transactionType },
        { label: "Message Type", cell: (row) => row.messageType },
        {
          label: "Document",
          cell: (row) => (
            <Anchor
              component={Link}
              to={row.href}
              size="sm"
              aria-label={`View ${row.messageType} document ${row.id} of ${row.transactionType}`}
              onClick={(event) => {
                if (!onOpen) return;
                event.preventDefault();
                onOpen(row);
              }}
            >
              View
            </Anchor>
          ),
        },
      ]}
    />
  );
}
