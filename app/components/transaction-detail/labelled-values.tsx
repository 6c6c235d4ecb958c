import { SimpleGrid, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { LabelledValue } from "~/modules/transaction-detail/view-models";

export function ValueItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

/** A definition list of labelled values; an empty value reads N/A. */
export function LabelledValues({ values, cols = 3 }: { values: readonly LabelledValue[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: cols }} spacing="sm" component="dl" m={0}>
      {values.map((item) => (
        <ValueItem key={item.label} label={item.label}>
          {item.value || "N/A"}
        </ValueItem>
      ))}
    </SimpleGrid>
  );
}
