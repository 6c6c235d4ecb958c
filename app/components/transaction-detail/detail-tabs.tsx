import { Button, Group, Stack } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { TabLink } from "~/modules/transaction-detail/view-models";

/** The left vertical tabs: links, so they work without JavaScript. */
export function VerticalTabs({ tabs }: { tabs: readonly TabLink[] }) {
  return (
    <Stack component="nav" aria-label="Detail tabs" gap={4}>
      {tabs.map((tab) => (
        <Button
          key={tab.id}
          component={Link}
          to={tab.href}
          preventScrollReset
          variant={tab.current ? "filled" : "subtle"}
          justify="flex-start"
          aria-current={tab.current ? "page" : undefined}
        >
          {tab.label}
        </Button>
      ))}
    </Stack>
  );
}

/** The sub-tabs of the selected tab, also links. */
export function SectionTabs({ sections }: { sections: readonly TabLink[] }) {
  return (
    <Group component="nav" aria-label="Sections" gap={0} mb="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      {sections.map((section) => (
        <Button
          key={section.id}
          component={Link}
          to={section.href}
          preventScrollReset
          variant={section.current ? "light" : "subtle"}
          radius={0}
          aria-current={section.current ? "page" : undefined}
        >
          {section.label}
        </Button>
      ))}
    </Group>
  );
}
