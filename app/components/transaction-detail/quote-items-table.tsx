import { Table } from "@mantine/core";
import type { QuoteItemView } from "~/modules/transaction-detail/view-models";

const PRICE = { ta: "right", style: { whiteSpace: "nowrap" } } as const;

/**
 * The Service Summary's Quote Items in the narrow side card (about 270 px at 1280): small type and
 * tight cells so the four columns fit its width; headers wrap, prices never do.
 */
export function QuoteItemsTable({ items }: { items: readonly QuoteItemView[] }) {
  return (
    <Table fz="xs" horizontalSpacing={4} verticalSpacing={4} aria-label="Quote Items">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Category</Table.Th>
          <Table.Th>System</Table.Th>
          <Table.Th ta="right">Retail Price</Table.Th>
          <Table.Th ta="right">Shop Cost</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item, index) => (
          <Table.Tr key={index}>
            <Table.Td>{item.category}</Table.Td>
            <Table.Td>{item.system}</Table.Td>
            <Table.Td {...PRICE}>{item.retailPrice}</Table.Td>
            <Table.Td {...PRICE}>{item.shopCost}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
