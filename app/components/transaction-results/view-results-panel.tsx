import { Box, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { reportFileUrl } from "~/modules/transaction-results/links";
import { reportFileType, previewKindOf } from "~/modules/transaction-results/report-files";
import { SERVICES_LIST_HEIGHT, type ResultsBody, type ViewResults } from "~/modules/transaction-results/view-results";
import { ModuleResultCard } from "./module-result";
import type { PreviewedReport } from "./report-preview";
import { ReportPreviewModal } from "./report-preview-modal";
import { ServicesTable, SubletTable } from "./service-tables";
import { useSpecialFunctionPanels, type SpecialFunctionPanels } from "./use-special-function-info";
import { ViewReportButton } from "./view-report-button";

function ScrollBox({ height, label, children }: { height: number; label: string; children: React.ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ height, overflowY: "auto" }} data-height={height}>
      {children}
    </Box>
  );
}

function Body({ body, title, panels }: { body: ResultsBody; title: string; panels: SpecialFunctionPanels }) {
  switch (body.kind) {
    case "none":
      return <Text size="sm">No results have been received for this request.</Text>;
    case "services":
      return <ServicesTable services={body.services} label={title} />;
    case "sublet":
      return <SubletTable sublet={body.sublet} label={title} />;
    case "scan":
      return (
        <Stack gap="md">
          <ScrollBox height={body.resultsHeight} label="Modules">
            <Stack gap="xs">
              {body.modules.map((module, index) => (
                <ModuleResultCard key={index} module={module} panels={panels} />
              ))}
            </Stack>
          </ScrollBox>
          {body.services.length > 0 ? (
            <ScrollBox height={SERVICES_LIST_HEIGHT} label="Services">
              <ServicesTable services={body.services} label="Services" />
            </ScrollBox>
          ) : null}
        </Stack>
      );
  }
}

/**
 * The View Results tab (spec §2). `backTo` is the detail view's URL on this tab, where the report
 * preview page's Back button returns. `headingOrder` is 4 under a section heading of its own.
 */
export function ViewResultsPanel({ results, backTo, headingOrder = 3 }: { results: ViewResults; backTo: string; headingOrder?: 3 | 4 }) {
  const panels = useSpecialFunctionPanels(results.scanRequestId, results.openFunction);
  const [previewed, setPreviewed] = useState<PreviewedReport | null>(null);
  const report = results.resultReport;
  const type = report ? reportFileType(report.fileType) : null;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={headingOrder} size="h4">
          {results.title}
        </Title>
        {report && type ? (
          <Group gap="xs">
            <ViewReportButton
              report={{ scanRequestId: results.scanRequestId, reportId: report.reportId, fileName: results.title, preview: previewKindOf(type) }}
              backTo={backTo}
              onOpen={setPreviewed}
            />
            <Button
              size="xs"
              variant="light"
              component="a"
              href={reportFileUrl(results.scanRequestId, report.reportId, true)}
              aria-label={`Download ${results.title}`}
            >
              Download
            </Button>
          </Group>
        ) : null}
      </Group>
      <Body body={results.body} title={results.title} panels={panels} />
      <ReportPreviewModal report={previewed} onClose={() => setPreviewed(null)} />
    </Stack>
  );
}
