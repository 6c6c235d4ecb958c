import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";

export interface DataColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

/** A plain table with a caption; a message instead when there are no rows. */
export function DataTable<Row>({ caption, columns, rows, rowKey, empty }: { caption: string; columns: readonly DataColumn<Row>[]; rows: readonly Row[]; rowKey: (row: Row, index: number) => string | number; empty: string }) {
  if (rows.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder aria-label={caption}>
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
                <Table.Td key={column.label}>{column.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
