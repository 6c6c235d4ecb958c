import { Group, Stack } from "@mantine/core";
import type { TabLink } from "~/modules/transaction-detail/view-models";
import { DetailLinkButton } from "./detail-navigation";

/** The left vertical tabs: links, so they work without JavaScript. */
export function VerticalTabs({ tabs }: { tabs: readonly TabLink[] }) {
  return (
    <Stack component="nav" aria-label="Detail tabs" gap={4}>
      {tabs.map((tab) => (
        <DetailLinkButton
          key={tab.id}
          href={tab.href}
          variant={tab.current ? "filled" : "subtle"}
          justify="flex-start"
          aria-current={tab.current ? "page" : undefined}
        >
          {tab.label}
        </DetailLinkButton>
      ))}
    </Stack>
  );
}

/** The sub-tabs of the selected tab, also links. */
export function SectionTabs({ sections }: { sections: readonly TabLink[] }) {
  return (
    <Group component="nav" aria-label="Sections" gap={0} mb="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      {sections.map((section) => (
        <DetailLinkButton
          key={section.id}
          href={section.href}
          variant={section.current ? "light" : "subtle"}
          radius={0}
          aria-current={section.current ? "page" : undefined}
        >
          {section.label}
        </DetailLinkButton>
      ))}
    </Group>
  );
}
