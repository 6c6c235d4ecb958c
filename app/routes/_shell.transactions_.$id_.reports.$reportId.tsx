import { Button, Group, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { providerScopeOf } from "~/auth/provider-scope.server";
import { requirePage } from "~/auth/require-page.server";
import { ReportPreview } from "~/components/transaction-results/report-preview";
import { LabelledField } from "~/components/value-item";
import { notFound } from "~/lib/not-found";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { previewBackLink } from "~/modules/transaction-results/links";
import { loadReportPreview } from "~/modules/transaction-results/reports.server";
import { userTimeZone } from "~/platform/time-zone.server";

/**
 * A report's preview with its download: where a View button leads without JavaScript (with it, the
 * same preview opens in a dialog). ?back= is the detail view to return to.
 */
const TITLE = "Report";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, "transactions");
  const [scope, zone] = await Promise.all([providerScopeOf(user), userTimeZone(request, user.id)]);
  const page = await loadReportPreview(params.id, params.reportId, scope, zone.timeZone);
  if (!page) notFound();
  return { ...page, back: previewBackLink(new URL(request.url).searchParams.get("back"), page.scanRequestId) };
}

export default function ReportPreviewPage() {
  const { scanRequestId, report, back } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {report.fileName}
        </Title>
        <Button variant="default" component={Link} to={back}>
          Back
        </Button>
      </Group>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="dl" m={0}>
          <LabelledField label="Request ID" value={String(scanRequestId)} />
          <LabelledField label="Timestamp" value={report.createdAt} />
          <LabelledField label="Type" value={report.type} />
          <LabelledField label="Source" value={report.source} />
        </SimpleGrid>
      </Paper>
      <ReportPreview report={{ scanRequestId, reportId: report.reportId, fileName: report.fileName, preview: report.preview }} />
    </Stack>
  );
}
