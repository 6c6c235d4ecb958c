import { Table, Text } from "@mantine/core";
import type { SelectedRowView } from "~/modules/resend/page-data";

/** The selected transactions the resend will cover. */
export function SelectionSummary({ rows }: { rows: SelectedRowView[] }) {
  if (rows.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={480} mah={260}>
      <Table striped withTableBorder verticalSpacing={4} fz="sm">
        <Table.Caption>{rows.length} transaction(s) selected</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Request ID</Table.Th>
            <Table.Th>Scan Type</Table.Th>
            <Table.Th>Process Status</Table.Th>
            <Table.Th>VIN</Table.Th>
            <Table.Th>Shop Name</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.scanRequestId}>
              <Table.Td>{row.scanRequestId}</Table.Td>
              <Table.Td>{row.scanType}</Table.Td>
              <Table.Td>{row.status}</Table.Td>
              <Table.Td>
                <Text span ff="monospace" fz="sm">
                  {row.vin ?? ""}
                </Text>
              </Table.Td>
              <Table.Td>{row.shopName ?? ""}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
