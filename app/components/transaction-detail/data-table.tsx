import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";

export interface DataColumn<Row> {
  label: string;
  /** The cell of a row; `index` is the row's place in the table. */
  cell: (row: Row, index: number) => ReactNode;
}

/**
 * A plain table with a caption; a message instead when there are no rows. `compact` is the short
 * form for an expanded grid row: smaller text, cells that wrap instead of a minimum width, so it
 * never scrolls sideways on a phone.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  compact = false,
}: {
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  empty: string;
  compact?: boolean;
}) {
  if (rows.length === 0) return <Text size="sm">{empty}</Text>;
  const table = (
    <Table striped withTableBorder aria-label={caption} {...(compact ? { fz: "sm", verticalSpacing: 4, horizontalSpacing: 6 } : {})}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label}>{column.label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row, index)}>
            {columns.map((column) => (
              <Table.Td key={column.label} style={compact ? { overflowWrap: "break-word" } : undefined}>
                {column.cell(row, index)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return compact ? table : <Table.ScrollContainer minWidth={600}>{table}</Table.ScrollContainer>;
}
