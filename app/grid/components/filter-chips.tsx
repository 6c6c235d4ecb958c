import { CloseButton, Group, Text } from "@mantine/core";
import type { GridChip } from "~/grid/grid-chips";
import { GridLink } from "./grid-busy";

/** The applied filters as chips; each remove control is a link to the grid without that value. */
export function FilterChips({ chips }: { chips: readonly GridChip[] }) {
  if (chips.length === 0) return null;
  return (
    <Group gap={6} component="ul" className="portal-grid-chips" aria-label="Applied filters">
      {chips.map((chip) => (
        <li key={chip.key} className="portal-grid-chip">
          <Text size="sm" component="span">
            <Text span fw={600}>
              {chip.label}:
            </Text>{" "}
            {chip.value}
          </Text>
          {chip.removeHref ? (
            <CloseButton component={GridLink} to={chip.removeHref} size="sm" aria-label={`Remove filter ${chip.label}: ${chip.value}`} />
          ) : null}
        </li>
      ))}
    </Group>
  );
}
