import { Button, Group, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { lazy, Suspense, useId } from "react";
import type { GridLinks } from "~/grid/grid-links";
import { TIME_ZONE_PARAM } from "~/grid/grid-zone";
import { queryFields } from "~/grid/query-parts";
import { useHydrated } from "~/lib/use-hydrated";
import { useGridBusy } from "./grid-busy";
import { HiddenFields } from "./hidden-fields";

/** Mantine's date picker (and @mantine/dates) is a chunk of its own, loaded after hydration. */
const DateRangePicker = lazy(() => import("./date-range-picker"));

interface DateRangeFormProps {
  links: GridLinks;
  search: string;
  label: string;
  /** The zone the days are in (the URL's or the user's), named on the chip and sent with the dates. */
  timeZone?: string;
}

/**
 * The date-range chip: a GET form with native date inputs (they work without JavaScript, unlike
 * Mantine's pickers), limited to today in the user's time zone. The server checks again. Once
 * hydrated, a Mantine range picker takes their place (once its chunk has loaded) and posts the same
 * fields (decision 0077).
 */
export function DateRangeForm({ links, search, label, timeZone }: DateRangeFormProps) {
  const { definition, state, today } = links;
  // A range without a default may be left empty: every date.
  const open = definition.dateRange?.defaultDays === null;
  const busy = useGridBusy();
  const hydrated = useHydrated();
  const labelId = useId();
  const nativeInputs = (
    <>
      <input type="date" name="from" aria-label={`${label} from`} defaultValue={state.from ?? ""} max={today} required={!open} />
      <Text size="sm" component="span" aria-hidden>
        to
      </Text>
      <input type="date" name="to" aria-label={`${label} to`} defaultValue={state.to ?? ""} max={today} required={!open} />
    </>
  );
  const hidden = queryFields(search, (name) => !["from", "to", TIME_ZONE_PARAM, "page", "cursor", "expanded", "panel"].includes(name));
  return (
    <Form
      method="get"
      action={definition.path}
      aria-label={label}
      className="portal-grid-chip portal-grid-date-chip"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <HiddenFields fields={hidden} />
      {/* Explicit days are days of a zone: the URL names it, so whoever opens it sees the same rows. */}
      {timeZone ? <input type="hidden" name={TIME_ZONE_PARAM} value={timeZone} /> : null}
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600} component="span" id={labelId}>
          {label}:
        </Text>
        {hydrated ? (
          <Suspense
            fallback={
              <>
                {nativeInputs}
                <span data-loading-chunk="" hidden />
              </>
            }
          >
            <DateRangePicker key={`${state.from}|${state.to}`} labelId={labelId} from={state.from} to={state.to} today={today} open={open} />
          </Suspense>
        ) : (
          nativeInputs
        )}
        <Button type="submit" size="compact-sm" variant="light" disabled={busy}>
          Apply
        </Button>
        {timeZone ? (
          <Text size="xs" c="gray.7" component="span" className="portal-grid-zone">
            {timeZone.replace(/_/g, " ")}
          </Text>
        ) : null}
      </Group>
    </Form>
  );
}
