import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ValueItem } from "~/components/value-item";

export interface RecordField<Row> {
  label: string;
  value: (row: Row) => ReactNode;
}

/**
 * Records with more fields than a table can show side by side in a detail card: one bordered
 * block per record, its fields as labelled values in two or three columns. Nothing scrolls
 * sideways at any width.
 */
export function StackedRecords<Row>({
  caption,
  itemLabel,
  fields,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  /** Names one record for assistive technology: "{itemLabel} {n}". */
  itemLabel: string;
  fields: readonly RecordField<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty: string;
}) {
  if (rows.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Stack component="ol" aria-label={caption} gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
      {rows.map((row, index) => (
        <Paper component="li" key={rowKey(row)} withBorder radius="sm" p="sm" aria-label={`${itemLabel} ${index + 1}`}>
          <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing={6} m={0}>
            {fields.map((field) => (
              <ValueItem key={field.label} label={field.label}>
                {field.value(row)}
              </ValueItem>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
