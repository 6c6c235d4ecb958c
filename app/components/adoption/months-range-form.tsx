import { Button, Group, NativeSelect, RangeSlider, Stack, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { HiddenFields } from "~/grid/components/hidden-fields";
import { queryFields } from "~/grid/query-parts";
import { useHydrated } from "~/lib/use-hydrated";
import { ADOPTION_PATH } from "~/modules/adoption/grid";
import {
  isAllowedRange,
  MONTH_COUNT,
  MONTH_FROM_FIELD,
  MONTH_TO_FIELD,
  monthWindow,
  MONTHS_PARAM,
  RANGE_MESSAGE,
  type MonthsRange,
} from "~/modules/adoption/months";

interface MonthsRangeFormProps {
  range: MonthsRange;
  /** Today in America/Chicago: the window's last month. */
  today: string;
  /** The grid's canonical query: the form carries the rest of it. */
  search: string;
}

/**
 * A month mark's three letters. On a phone only every other one shows, the current month's among
 * them (months-range.css): twelve side by side overlap on its narrower slider.
 */
function MarkLabel({ index, label }: { index: number; label: string }) {
  const minor = (MONTH_COUNT - 1 - index) % 2 === 1;
  return <span className={minor ? "adoption-month-minor" : undefined}>{label.slice(0, 3)}</span>;
}

/**
 * The Months Range (dashboards spec §5): a GET form over the last 12 months. Without JavaScript
 * two month selects and Apply (the server refuses a range outside 2~5 months with the spec's
 * words); with JavaScript a range slider that says so at once and disables Apply.
 */
export function MonthsRangeForm({ range, today, search }: MonthsRangeFormProps) {
  const hydrated = useHydrated();
  const months = monthWindow(today);
  const [value, setValue] = useState<[number, number]>([range.start, range.end]);
  const valid = isAllowedRange(value[0], value[1]);
  const carried = queryFields(search, (name) => ![MONTHS_PARAM, "page", "panel", "expanded", "sort", "dir"].includes(name));
  const options = months.map((month) => ({ value: String(month.index), label: month.label }));
  return (
    <Form method="get" action={ADOPTION_PATH} aria-label="Months Range" className="adoption-months-form">
      <HiddenFields fields={carried} />
      <Stack gap={4}>
        {hydrated ? (
          <>
            <Text size="sm" fw={500} id="adoption-months-label">
              Months Range: {months[value[0]]?.label} – {months[value[1]]?.label}
            </Text>
            <Group align="center" gap="md" wrap="wrap">
              <RangeSlider
                aria-labelledby="adoption-months-label"
                min={0}
                max={MONTH_COUNT - 1}
                step={1}
                minRange={0}
                value={value}
                onChange={setValue}
                label={(index) => months[index]?.label ?? ""}
                thumbFromLabel="First month"
                thumbToLabel="Last month"
                marks={months.map((month) => ({ value: month.index, label: <MarkLabel index={month.index} label={month.label} /> }))}
                w={{ base: 300, sm: 360 }}
                mb="md"
              />
              <input type="hidden" name={MONTH_FROM_FIELD} value={value[0]} />
              <input type="hidden" name={MONTH_TO_FIELD} value={value[1]} />
              <Button type="submit" variant="light" disabled={!valid}>
                Apply
              </Button>
            </Group>
          </>
        ) : (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NativeSelect label="From month" name={MONTH_FROM_FIELD} data={options} defaultValue={String(range.start)} />
            <NativeSelect label="To month" name={MONTH_TO_FIELD} data={options} defaultValue={String(range.end)} />
            <Button type="submit" variant="light">
              Apply
            </Button>
          </Group>
        )}
        <Text size="sm" c="red.8" role={valid ? undefined : "alert"} mih={20}>
          {valid ? "" : RANGE_MESSAGE}
        </Text>
      </Stack>
    </Form>
  );
}
