import { Badge, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";

export interface EntryColumn<Entry> {
  label: string;
  cell: (entry: Entry) => ReactNode;
}

/**
 * A short list of entries, newest first, whose first entry is the current one (an application's
 * versions, its third-party software): marked "Current" in its first column. No minimum width: on a
 * phone its cells wrap at spaces (a date under its time, the mark under its value) rather than inside
 * a login or a name, and the table does not scroll sideways.
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
  if (entries.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Table withTableBorder striped aria-label={caption} fz="sm" verticalSpacing={4} horizontalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label}>{column.label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry, index) => (
          <Table.Tr key={index}>
            {columns.map((column, columnIndex) => (
              <Table.Td key={column.label} style={{ overflowWrap: "break-word" }}>
                {column.cell(entry)}
                {index === 0 && columnIndex === 0 ? (
                  <>
                    {" "}
                    <Badge variant="light" size="xs" style={{ verticalAlign: "middle" }}>
                      Current
                    </Badge>
                  </>
                ) : null}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
