import { Alert, Anchor, Button, Group, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useState, type SyntheticEvent } from "react";
import { LongChecklist } from "~/grid/components/long-checklist";
import type { FilterOption, GridFilter } from "~/grid/definition";
import { useHydrated } from "~/lib/use-hydrated";
import {
  ALL_PROVIDERS,
  carriedParams,
  dashboardSearch,
  KPI_PATH,
  kpiHref,
  pickerOpenHref,
  SHOP_PARAM,
  type DashboardQuery,
} from "~/modules/dashboard/dashboard-url";

const SHOPS_FILTER: GridFilter = { id: SHOP_PARAM, label: "Shops", kind: { type: "multiSelect", selectAll: true } };

interface ShopPickerProps {
  query: DashboardQuery;
  options: readonly FilterOption[];
  error: string | null;
  /** Open when the page is read; fromNone: with every box unticked (Unselect all without JavaScript), not yet applied. */
  picker: { open: boolean; fromNone: boolean };
}

/**
 * The shop picker: a GET form of the provider's shops as checkboxes, with Select all, Unselect all,
 * Apply and Clear. With nothing picked every box is ticked (every shop is no shop filter);
 * closing it without Apply keeps what was applied, and with JavaScript reopening it shows that
 * again: what was ticked or unticked meanwhile is undone.
 *
 * Closed without JavaScript, it is a link to the same page with the picker open, not a closed
 * disclosure: a text browser or reader shows a disclosure's content whatever its state, and the
 * provider's hundreds of checkboxes would come before the first card (decision 0072).
 */
export function ShopPicker({ query, options, error, picker }: ShopPickerProps) {
  const hydrated = useHydrated();
  const [closings, setClosings] = useState(0);
  const pickingFromNone = picker.fromNone;
  if (error) {
    return (
      <Alert color="red" variant="light" p="xs" title="Shops">
        {error}
      </Alert>
    );
  }
  if (options.length === 0) return null;
  const picked = query.shops.map(String);
  const applied = picked.length > 0 ? picked : options.map((option) => option.value);
  // Once closed, the picker shows what is applied, even when it opened with nothing ticked.
  const ticked = pickingFromNone && closings === 0 ? [] : applied;
  const summary = picked.length > 0 ? `Shops: ${picked.length} of ${options.length}` : `Shops: all ${options.length}`;
  if (!hydrated && !picker.open) {
    return (
      <div className="dashboard-shop-picker">
        <Link to={pickerOpenHref(query)} className="dashboard-shop-picker-opener" preventScrollReset>
          {summary}
        </Link>
      </div>
    );
  }
  // Closing without Apply reverts to the applied selection (spec): the form is made anew from it.
  const revertWhenClosed = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open) setClosings((count) => count + 1);
  };
  return (
    // Keyed by the query: after Apply (a navigation with JavaScript) it shows the new selection, closed.
    <details
      key={`${dashboardSearch(query)}${pickingFromNone ? "+none" : ""}`}
      className="dashboard-shop-picker"
      open={picker.open || undefined}
      onToggle={revertWhenClosed}
    >
      <summary>{summary}</summary>
      <Form key={closings} method="get" action={KPI_PATH} aria-label="Shops" className="dashboard-shop-picker-form">
        <input type="hidden" name="provider" value={query.provider === null ? ALL_PROVIDERS : String(query.provider)} />
        {carriedParams(query, { shops: false, narrowings: true }).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <LongChecklist filter={SHOPS_FILTER} values={ticked} options={options} withBulkButtons />
        <Group gap="xs" mt="xs" justify="flex-end">
          <Anchor component={Link} to={kpiHref({ ...query, shops: [] })} size="sm">
            Clear
          </Anchor>
          <Button type="submit" size="xs">
            Apply
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          Every shop ticked is the same as no shop chosen.
        </Text>
      </Form>
    </details>
  );
}
