import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/** One labelled value of a definition list (`<dl>`): the label as `<dt>`, the value as `<dd>`. */
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

/** A labelled text value; an empty one reads N/A. */
export function LabelledField({ label, value }: { label: string; value: string }) {
  return <ValueItem label={label}>{value || "N/A"}</ValueItem>;
}
