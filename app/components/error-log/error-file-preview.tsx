import { Button, Card, Group, Image, Modal, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate } from "@remix-run/react";
import { useHydrated } from "~/lib/use-hydrated";
import { ERROR_FILE_ANCHOR, type ErrorFilePreview } from "~/modules/error-log/error-detail";

function PreviewBody({ preview }: { preview: ErrorFilePreview }) {
  if (preview.kind === "image") return <Image src={preview.src} alt={preview.file.fileName} fit="contain" mah={480} />;
  if (preview.kind === "text") {
    return (
      <Stack gap={4}>
        <ScrollArea.Autosize mah={420} type="auto">
          <Text component="pre" size="xs" ff="monospace" m={0} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {preview.text}
          </Text>
        </ScrollArea.Autosize>
        {preview.cut ? (
          <Text size="xs" c="gray.7">
            Only the first 256 KiB are shown. Download the file to see all of it.
          </Text>
        ) : null}
      </Stack>
    );
  }
  return <Text size="sm">This file cannot be shown here. Download it to open it.</Text>;
}

function PreviewButtons({ preview }: { preview: ErrorFilePreview }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button component="a" href={preview.file.downloadHref} variant="default" download>
        Download
      </Button>
      <Button component={Link} to={preview.closeHref} preventScrollReset replace>
        OK
      </Button>
    </Group>
  );
}

/**
 * An error record's file opened from its files table (dashboards spec §2.3): a dialog with
 * Download and OK; without JavaScript the same contents in a card under the table, OK being the
 * link that closes it.
 */
export function ErrorFilePreviewBox({ preview }: { preview: ErrorFilePreview }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (hydrated) {
    return (
      <Modal opened onClose={() => navigate(preview.closeHref, { replace: true, preventScrollReset: true })} title={preview.file.fileName} size="xl" centered>
        <Stack gap="md">
          <PreviewBody preview={preview} />
          <PreviewButtons preview={preview} />
        </Stack>
      </Modal>
    );
  }
  return (
    <Card withBorder role="region" aria-label={`File ${preview.file.fileName}`} id={ERROR_FILE_ANCHOR} style={{ scrollMarginTop: 72 }}>
      <Stack gap="md">
        <Title order={4} size="h6">
          {preview.file.fileName}
        </Title>
        <PreviewBody preview={preview} />
        <PreviewButtons preview={preview} />
      </Stack>
    </Card>
  );
}
