import { SimpleGrid, Stack } from "@mantine/core";
import type { FilterOption } from "~/grid/definition";
import type { DashboardQuery } from "~/modules/dashboard/dashboard-url";
import type { CardView, NarrowingLists } from "~/modules/dashboard/kpi-cards";
import { BreakdownCard } from "./breakdown-card";
import { CountCard } from "./count-card";
import { CoverageMapCard } from "./coverage-map-card";
import { DashboardControls } from "./dashboard-controls";
import { TrendCard } from "./trend-card";

export interface KpiDashboardData {
  query: DashboardQuery;
  providers: FilterOption[];
  locked: boolean;
  refreshed: string;
  shops: { options: FilterOption[]; error: string | null };
  pickingFromNone: boolean;
  pickerOpen: boolean;
  /** The makes and provider scan types the cards' selectors offer. */
  narrowing: NarrowingLists;
  cards: CardView[];
}

/** The KPI Dashboard: its controls, the count cards in a row, the trend cards and the Shop List card two by two. */
export function KpiDashboard({ data }: { data: KpiDashboardData }) {
  const counts = data.cards.flatMap((card) => (card.kind === "count" ? [card] : []));
  const trends = data.cards.flatMap((card) => (card.kind === "trend" ? [card] : []));
  const breakdowns = data.cards.flatMap((card) => (card.kind === "breakdown" ? [card] : []));
  const maps = data.cards.flatMap((card) => (card.kind === "map" ? [card] : []));
  return (
    <Stack gap="md">
      <DashboardControls
        query={data.query}
        providers={data.providers}
        locked={data.locked}
        refreshed={data.refreshed}
        shops={data.shops}
        picker={{ open: data.pickerOpen, fromNone: data.pickingFromNone }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {counts.map((card) => (
          <CountCard key={card.id} card={card} lists={data.narrowing} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {trends.map((card) => (
          <TrendCard key={card.id} card={card} lists={data.narrowing} />
        ))}
        {maps.map((card) => (
          <CoverageMapCard key={card.id} card={card} query={data.query} />
        ))}
        {breakdowns.map((card) => (
          <BreakdownCard key={card.id} card={card} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
