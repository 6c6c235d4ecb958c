import { Badge } from "@mantine/core";
import { DataTable, type DataColumn } from "~/components/transaction-detail/data-table";

export type EntryColumn<Entry> = DataColumn<Entry>;

/**
 * A short list of entries, newest first, whose first entry is the current one (an application's
 * versions, its third-party software): marked "Current" in its first column. The compact DataTable:
 * on a phone its cells wrap rather than scroll sideways.
 */
export function NewestFirstTable<Entry>({
  caption,
  columns,
  entries,
  empty,
}: {
  caption: string;
  columns: readonly EntryColumn<Entry>[];
  entries: readonly Entry[];
  empty: string;
}) {
  const marked = columns.map((column, columnIndex): EntryColumn<Entry> =>
    columnIndex > 0
      ? column
      : {
          ...column,
          cell: (entry, index) => (
            <>
              {column.cell(entry, index)}
              {index === 0 ? (
                <>
                  {" "}
                  <Badge variant="light" size="xs" style={{ verticalAlign: "middle" }}>
                    Current
                  </Badge>
                </>
              ) : null}
            </>
          ),
        },
  );
  return <DataTable caption={caption} columns={marked} rows={entries} rowKey={(_, index) => index} empty={empty} compact />;
}
