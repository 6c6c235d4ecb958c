import { Anchor, Text } from "@mantine/core";
import type { GridDefinition } from "~/grid/definition";
import { clearHref } from "~/grid/grid-links";
import { GridLink } from "./grid-busy";

/** No row matches: say so in the grid's own words, and offer the way out. */
export function emptyRowsMessage(definition: GridDefinition): string {
  return `No ${definition.title.toLowerCase()} match these filters.`;
}

export function EmptyRows({ definition }: { definition: GridDefinition }) {
  return (
    <Text size="sm" c="dimmed" ta="center" py="md">
      {`${emptyRowsMessage(definition)} `}
      {/* Underlined: inside dimmed text its colour alone does not set it apart (axe link-in-text-block). */}
      <Anchor component={GridLink} to={clearHref(definition)} size="sm" style={{ textDecoration: "underline" }}>
        Clear filters
      </Anchor>
    </Text>
  );
}
