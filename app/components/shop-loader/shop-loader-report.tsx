import { Table, Text } from "@mantine/core";
import type { LoadedRecord, LoadReport } from "~/modules/shop-loader/shop-document";

const OUTCOME_WORDS: Record<LoadedRecord["outcome"], string> = { added: "Added", skipped: "Skipped (exists)", refused: "Refused" };

function detailOf(record: LoadedRecord): string {
  return record.outcome === "added" ? record.name : record.reason;
}

/** The loader's answer: how many records were added, skipped and refused, and each record's line. */
export function ShopLoaderReport({ report }: { report: LoadReport }) {
  return (
    <section aria-label="Load report">
      <Text fw={600} role="status">
        {`Added: ${report.added}, skipped (exists): ${report.skipped}, refused: ${report.refused}`}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder mt="xs" aria-label="Records">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>master_location_id</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Shop or reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.records.map((record) => (
              <Table.Tr key={record.position}>
                <Table.Td>{record.position}</Table.Td>
                <Table.Td>{record.masterLocationId ?? "—"}</Table.Td>
                <Table.Td>{OUTCOME_WORDS[record.outcome]}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{detailOf(record)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
