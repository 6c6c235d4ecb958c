import { Alert, Box, Button, Group, Image, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { reportFileUrl } from "~/modules/transaction-results/links";
import { LOADING_REPORT, REPORT_UNAVAILABLE, type PreviewKind } from "~/modules/transaction-results/report-files";

export interface PreviewedReport {
  scanRequestId: number;
  reportId: number;
  fileName: string;
  /** Null: the file cannot be shown (not ready or missing). */
  preview: PreviewKind | null;
}

export function ReportUnavailable() {
  return <Alert color="red">{REPORT_UNAVAILABLE}</Alert>;
}

/**
 * The report itself (a PDF in a frame, an image) with its Download button. `showLoading` adds
 * 'Loading Report...' until the file has loaded; only where the frame is rendered in the browser
 * (the dialog), since a server-rendered frame may load before the page hydrates.
 */
export function ReportPreview({ report, showLoading = false }: { report: PreviewedReport; showLoading?: boolean }) {
  const [loaded, setLoaded] = useState(false);
  if (report.preview === null) return <ReportUnavailable />;
  const src = reportFileUrl(report.scanRequestId, report.reportId);
  const onLoad = () => setLoaded(true);
  return (
    <Stack gap="sm">
      {showLoading && !loaded ? (
        <Text size="sm" c="dimmed" role="status">
          {LOADING_REPORT}
        </Text>
      ) : null}
      <Box>
        {report.preview === "pdf" ? (
          <iframe src={src} title={report.fileName} style={{ width: "100%", height: "70vh", border: 0 }} onLoad={onLoad} />
        ) : (
          <Image src={src} alt={report.fileName} fit="contain" mah="70vh" onLoad={onLoad} />
        )}
      </Box>
      <Group justify="flex-end">
        <Button component="a" href={reportFileUrl(report.scanRequestId, report.reportId, true)}>
          Download
        </Button>
      </Group>
    </Stack>
  );
}
