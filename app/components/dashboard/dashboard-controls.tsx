import { Button, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { Fragment } from "react";
import type { FilterOption } from "~/grid/definition";
import { ALL_PROVIDERS, carriedParams, KPI_PATH, kpiHref, withInterval, type DashboardQuery } from "~/modules/dashboard/dashboard-url";
import { INTERVALS, type Interval } from "~/modules/dashboard/periods";
import { ProviderSelectForm } from "./provider-select-form";
import { ShopPicker } from "./shop-picker";

interface DashboardControlsProps {
  query: DashboardQuery;
  providers: readonly FilterOption[];
  locked: boolean;
  refreshed: string;
  shops: { options: readonly FilterOption[]; error: string | null };
  /** The shop picker open when the page is read, and whether with every box unticked. */
  picker: { open: boolean; fromNone: boolean };
}

const INTERVAL_LABELS: Record<Interval, string> = { WEEK: "Week", MONTH: "Month" };

/**
 * The dashboard's controls as a GET form and links, so they work without JavaScript: the provider
 * (locked for a provider-only user; a new provider starts with every shop), the shop picker, the Week/Month toggle,
 * Refresh and the Last Refreshed stamp.
 */
export function DashboardControls({ query, providers, locked, refreshed, shops, picker }: DashboardControlsProps) {
  const providerValue = query.provider === null ? ALL_PROVIDERS : String(query.provider);
  const options = locked ? providers : [{ value: ALL_PROVIDERS, label: "All providers" }, ...providers];
  return (
    <Group align="flex-end" gap="md" wrap="wrap" className="dashboard-controls">
      {/* A new provider starts with every shop and every card on All makes and provider types; the intervals stay. */}
      <ProviderSelectForm
        action={KPI_PATH}
        value={providerValue}
        options={options}
        locked={locked}
        carried={carriedParams(query, { shops: false, narrowings: false })}
      />
      {query.provider !== null ? <ShopPicker query={query} options={shops.options} error={shops.error} picker={picker} /> : null}
      {/* Spaces between the links keep their words apart when read as text (a flex row does not draw them). */}
      <Group component="nav" aria-label="Interval" gap={0}>
        {INTERVALS.map((interval, index) => (
          <Fragment key={interval}>
            {index > 0 ? " " : null}
            <Button
              component={Link}
              to={kpiHref(withInterval(query, interval))}
              variant={query.interval === interval ? "filled" : "default"}
              aria-current={query.interval === interval ? "true" : undefined}
              radius={0}
            >
              {INTERVAL_LABELS[interval]}
            </Button>
          </Fragment>
        ))}
      </Group>{" "}
      <Button component={Link} to={kpiHref(query)} variant="default" reloadDocument={false}>
        Refresh
      </Button>{" "}
      <Text size="sm" c="dimmed">
        Last Refreshed: {refreshed}
      </Text>
    </Group>
  );
}
