import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ProviderSelectForm } from "~/components/dashboard/provider-select-form";
import { DataGrid } from "~/grid/components/data-grid";
import { GridLoadFailureAlert } from "~/grid/components/grid-load-failure";
import { gridPageHref, paramHref } from "~/grid/grid-links";
import type { GridView } from "~/grid/grid-view";
import { isGridLoadFailure, type GridLoadFailure } from "~/grid/load-failure";
import { ADOPTION_PATH, adoptionGrid, HEAT_ON, HEAT_PARAM } from "~/modules/adoption/grid";
import type { AdoptionControls } from "~/modules/adoption/grid-module.server";
import { MONTHS_PARAM, rangeOf } from "~/modules/adoption/months";
import { MonthsRangeForm } from "./months-range-form";

export interface AdoptionReportData {
  grid: GridView<never> | GridLoadFailure;
  controls: AdoptionControls;
}

/** Words when no provider is chosen yet (spec §2.2: the table appears only once a provider is chosen). */
export const CHOOSE_PROVIDER = "Choose a provider to see its adoption report.";

/**
 * The Adoption Report: the provider selector, then (once a provider is chosen) the Months Range,
 * the heat-map switch, the Last Refreshed stamp and the grid, or the failure words in its place.
 */
export function AdoptionReport({ data }: { data: AdoptionReportData }) {
  const { grid, controls } = data;
  const view = isGridLoadFailure(grid) ? null : grid;
  const provider = view?.state.filters.provider?.[0] ?? "";
  const options = provider === "" && !controls.locked ? [{ value: "", label: "Choose a provider" }, ...controls.providers] : controls.providers;
  const heat = view?.state.params[HEAT_PARAM] === HEAT_ON;
  const here = view ? gridPageHref(adoptionGrid, view.search) : ADOPTION_PATH;
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <ProviderSelectForm action={ADOPTION_PATH} value={provider} options={options} locked={controls.locked} />
        {view && provider !== "" ? (
          <>
            <MonthsRangeForm key={view.search} range={rangeOf(view.state.params[MONTHS_PARAM])} today={view.today} search={view.search} />
            <Stack gap={4} pt={24} align="flex-start">
              <Button component={Link} to={paramHref(here, HEAT_PARAM, heat ? null : HEAT_ON)} variant={heat ? "filled" : "default"} size="sm">
                {heat ? "Hide heat map" : "Show heat map"}
              </Button>
              <Text size="sm" c="gray.7">
                Last Refreshed: {controls.refreshed || "--"}
              </Text>
            </Stack>
          </>
        ) : null}
      </Group>
      {isGridLoadFailure(grid) ? (
        <GridLoadFailureAlert failure={grid} />
      ) : provider === "" ? (
        <Alert color="blue" variant="light">
          {CHOOSE_PROVIDER}
        </Alert>
      ) : (
        <DataGrid
          definition={adoptionGrid}
          view={grid}
          note={heat ? "Heat map: the darker a cell, the higher its value in its column on this page." : undefined}
        />
      )}
    </Stack>
  );
}
