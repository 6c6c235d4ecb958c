import { Anchor, Center, Group, Loader, LoadingOverlay, Modal, Text } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { BACKGROUND_FETCHER_PREFIX } from "~/lib/background-fetcher";
import type { DetailPageData } from "~/modules/transaction-detail/view-models";
import { DetailNavigationProvider, type DetailNavigation } from "./detail-navigation";
import { DetailView } from "./detail-view";
import { useDialogAddress } from "./use-dialog-address";

const pathOf = (href: string) => href.split("?")[0];

/**
 * A transaction, service or quote detail view opened from a grid with JavaScript: the detail
 * route's own loader fills a full-screen dialog over the grid, its tabs load into the dialog, and
 * Back (or Escape, or the browser's Back) closes it. The address bar shows the view's URL while it
 * is open (useDialogAddress); "Open as a page" is the same URL.
 */
export function DetailDialog({ href, onClose }: { href: string | null; onClose: () => void }) {
  const fetcher = useFetcher<DetailPageData>({ key: `${BACKGROUND_FETCHER_PREFIX}detail-dialog` });
  const { load } = fetcher;
  const { show, close } = useDialogAddress(href, onClose);
  useEffect(() => {
    if (href) load(href);
  }, [href, load]);

  // A dialog opened on another row shows nothing of the previous one while it loads.
  const page = href && fetcher.data && pathOf(fetcher.data.self) === pathOf(href) ? fetcher.data : undefined;
  const navigation = useMemo<DetailNavigation | null>(
    () =>
      page
        ? {
            go: (target) => {
              show(target);
              load(target);
            },
            close,
            path: pathOf(page.self),
          }
        : null,
    [page, load, show, close],
  );

  return (
    <Modal
      opened={href !== null}
      onClose={close}
      fullScreen
      title={
        <Group gap="md">
          <Text fw={600}>{page?.heading ?? "Details"}</Text>
          {page ? (
            <Anchor href={page.self} size="sm">
              Open as a page
            </Anchor>
          ) : null}
        </Group>
      }
    >
      {page && navigation ? (
        <div style={{ position: "relative" }}>
          <LoadingOverlay visible={fetcher.state !== "idle"} zIndex={5} />
          <DetailNavigationProvider value={navigation}>
            <DetailView page={page} />
          </DetailNavigationProvider>
        </div>
      ) : (
        <Center mih={200}>
          <Loader aria-label="Please wait..." />
        </Center>
      )}
    </Modal>
  );
}
