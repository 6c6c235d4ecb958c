import { Button, NativeSelect } from "@mantine/core";
import { Form, useSubmit } from "@remix-run/react";
import { useHydrated } from "~/lib/use-hydrated";
import { KPI_PATH } from "~/modules/dashboard/dashboard-url";
import type { CardSelectors, NarrowingLists } from "~/modules/dashboard/kpi-cards";

/**
 * A card's make and provider-scan-type selectors: a GET form carrying the rest of the dashboard's
 * state. Without JavaScript Apply sends it; with JavaScript a change does.
 */
export function CardSelectorsForm({ title, selectors, lists }: { title: string; selectors: CardSelectors; lists: NarrowingLists }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={KPI_PATH}
      aria-label={`${title}: make and scan type`}
      className="dashboard-card-selectors"
      preventScrollReset
      // Keyed by the choices: after a navigation the selects show the new ones.
      key={`${selectors.make}|${selectors.providerScanType}|${selectors.carried[0]?.[1] ?? ""}`}
      onChange={
        hydrated
          ? (event) => {
              // All is no parameter: leaving it out spares the canonical redirect.
              const data = new FormData(event.currentTarget);
              for (const name of [selectors.makeParam, selectors.providerScanTypeParam]) if (data.get(name) === "") data.delete(name);
              submit(data, { method: "get", action: KPI_PATH, preventScrollReset: true });
            }
          : undefined
      }
    >
      {selectors.carried.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <NativeSelect size="xs" aria-label={`${title} make`} name={selectors.makeParam} data={lists.makes} defaultValue={selectors.make} />
      <NativeSelect
        size="xs"
        aria-label={`${title} provider scan type`}
        name={selectors.providerScanTypeParam}
        data={lists.providerScanTypes}
        defaultValue={selectors.providerScanType}
      />
      {hydrated ? null : (
        <Button type="submit" size="compact-xs" variant="light">
          Apply
        </Button>
      )}
    </Form>
  );
}
