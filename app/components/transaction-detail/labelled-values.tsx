import { SimpleGrid } from "@mantine/core";
import { LabelledField } from "~/components/value-item";
import type { LabelledValue } from "~/modules/transaction-detail/view-models";

/** A definition list of labelled values; an empty value reads N/A. */
export function LabelledValues({ values, cols = 3 }: { values: readonly LabelledValue[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: cols }} spacing="sm" component="dl" m={0}>
      {values.map((item) => (
        <LabelledField key={item.label} label={item.label} value={item.value} />
      ))}
    </SimpleGrid>
  );
}
