import { Button, Group } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import type { PageTab } from "~/lib/page-tab";

/**
 * A page's tab bar (the transactions views, the admin screens): plain links, so they work without
 * JavaScript; each grid brings back its own last query. The current tab is the one whose path the
 * address is under; `rootTab` is the tab of the area's own path, current when no other is.
 */
export function PageTabs({ tabs, label, rootTab }: { tabs: readonly PageTab[]; label: string; rootTab?: string }) {
  const { pathname } = useLocation();
  const under = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const current = tabs.find((tab) => tab.to !== rootTab && under(tab.to)) ?? tabs.find((tab) => tab.to === rootTab);
  return (
    <Group component="nav" aria-label={label} gap={0} className="portal-page-tabs">
      {tabs.map((tab) => {
        const active = tab === current;
        return (
          // 12 px each side (Mantine's is 18): the admin area's nine tabs fit a 1280 px window on one line.
          <Button
            key={tab.to}
            component={Link}
            to={tab.to}
            variant={active ? "filled" : "subtle"}
            radius={0}
            px={12}
            aria-current={active ? "page" : undefined}
          >
            {tab.label}
          </Button>
        );
      })}
    </Group>
  );
}
