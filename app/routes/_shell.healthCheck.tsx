import { Button, Group, Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { StatusTable } from "~/components/health/status-table";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { statusReport } from "~/modules/health/status-report.server";
import { userTimeZone } from "~/platform/time-zone.server";

const TITLE = "Health Check";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, "healthCheck");
  const { timeZone } = await userTimeZone(request, user.id);
  return { status: await statusReport(timeZone) };
}

export default function HealthCheckPage() {
  const { status } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <Group justify="space-between" maw={640}>
        <Title order={1}>{TITLE}</Title>
        <Button component={Link} to="/healthCheck" variant="default">
          Check again
        </Button>
      </Group>
      <StatusTable status={status} />
    </Stack>
  );
}
