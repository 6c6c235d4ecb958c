import { Button, Group } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import type { TransactionTab } from "~/modules/transactions/transaction-tabs";

/** The Transaction / Service / Quote tabs: links (each grid brings back its own last query). */
export function TransactionTabs({ tabs }: { tabs: readonly TransactionTab[] }) {
  const { pathname } = useLocation();
  const current = tabs.find((tab) => tab.to !== "/transactions" && pathname.startsWith(tab.to)) ?? tabs[0];
  return (
    <Group component="nav" aria-label="Transaction views" gap={0} className="portal-transaction-tabs">
      {tabs.map((tab) => {
        const active = tab === current;
        return (
          <Button
            key={tab.to}
            component={Link}
            to={tab.to}
            variant={active ? "filled" : "subtle"}
            radius={0}
            aria-current={active ? "page" : undefined}
          >
            {tab.label}
          </Button>
        );
      })}
    </Group>
  );
}
