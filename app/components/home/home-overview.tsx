import { Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { AreaAccess, AreaPage } from "~/modules/shell/navigation";
import { adminScreensLine } from "./admin-screens-line";
import { AreaCard } from "./area-card";

const AREAS: ReadonlyArray<{ page: AreaPage; title: string; description: string | null; to: string }> = [
  { page: "transactions", title: "Transactions", description: "Scan transactions, services and quotes, with their details.", to: "/transactions" },
  {
    page: "dashboard",
    title: "Dashboard",
    description: "Diagnostics KPIs with the coverage map, and the adoption report, as your access allows.",
    to: "/dashboard",
  },
  // The admin area's description is the list of its screens this user may open (adminScreensLine).
  { page: "admin", title: "Admin", description: null, to: "/admin" },
];

interface HomeOverviewProps {
  greetingName: string;
  areas: AreaAccess;
  adminScreens: readonly string[];
  supportContact: string;
}

/** The home page's content (home and alerts both show it). */
export function HomeOverview({ greetingName, areas, adminScreens, supportContact }: HomeOverviewProps) {
  const offered = AREAS.filter((area) => areas[area.page]);
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>Welcome, {greetingName}</Title>
      {offered.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {offered.map((area) => (
            <AreaCard key={area.page} title={area.title} description={area.description ?? adminScreensLine(adminScreens)} to={area.to} />
          ))}
        </SimpleGrid>
      ) : (
        <Text>Your account has no areas assigned yet. Please contact support if you need access.</Text>
      )}
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4">
          Support
        </Title>
        <Text mt="xs">{supportContact}</Text>
      </Card>
    </Stack>
  );
}
