import { Button, Code, Group, Loader, Modal, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { documentFormattedHref, documentTitle } from "~/modules/transaction-detail/document-links";
import type { WorkflowDocumentView } from "~/modules/transaction-detail/view-models";
import { CopyNotice, useCopyNotice } from "./vin-copy";

export const COPIED_NOTICE = "Copied to Clipboard.";

interface DocumentBodyProps {
  content: string;
  downloadHref: string | null;
  /** Close: a link back without JavaScript, a callback in the dialog. */
  close: { href: string } | { onClose: () => void };
}

/** The document's contents with Copy to Clipboard (JavaScript only), Download and Close. */
export function DocumentBody({ content, downloadHref, close }: DocumentBodyProps) {
  const hydrated = useHydrated();
  const [notice, setNotice] = useCopyNotice();
  return (
    <Stack gap="sm">
      {/* Focusable: an indented document is taller than its box, and keyboard users scroll it too. */}
      <Code block mah="60vh" tabIndex={0} style={{ overflow: "auto", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} aria-label="Document contents">
        {content || "No content is stored for this document."}
      </Code>
      <Group justify="flex-end" gap="xs">
        <CopyNotice notice={notice} />
        {hydrated && content ? (
          <Button variant="default" onClick={() => void navigator.clipboard.writeText(content).then(() => setNotice(COPIED_NOTICE))}>
            Copy to Clipboard
          </Button>
        ) : null}
        {downloadHref ? (
          <Button component="a" href={downloadHref} variant="default" download>
            Download
          </Button>
        ) : null}
        {"href" in close ? (
          <Button component={Link} to={close.href}>
            Close
          </Button>
        ) : (
          <Button onClick={close.onClose}>Close</Button>
        )}
      </Group>
    </Stack>
  );
}

type Loaded = { state: "loading" } | { state: "loaded"; content: string };

/**
 * The document viewer as a dialog (with JavaScript): the contents come indented from the server, as
 * on the viewer's page; a failed load clears the viewer.
 */
export function DocumentDialog({ document, onClose }: { document: WorkflowDocumentView | null; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    if (!document) return;
    const controller = new AbortController();
    setLoaded({ state: "loading" });
    fetch(documentFormattedHref(document.id), { signal: controller.signal, credentials: "same-origin" })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((content) => setLoaded({ state: "loaded", content }))
      .catch(() => {
        if (!controller.signal.aborted) onClose();
      });
    return () => controller.abort();
  }, [document, onClose]);
  const title = document ? documentTitle(document.messageType, document.transactionType) : "";
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      size="xl"
      title={
        <Title order={2} size="h4">
          {title}
        </Title>
      }
    >
      {document ? (
        loaded.state === "loading" ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Please wait...</Text>
          </Group>
        ) : (
          <DocumentBody content={loaded.content} downloadHref={document.downloadHref} close={{ onClose }} />
        )
      ) : null}
    </Modal>
  );
}
