import { Button, Group } from "@mantine/core";
import { Link } from "@remix-run/react";
import { DataGrid, type DetailActionContext } from "~/grid/components/data-grid";
import { GridLoadFailureAlert } from "~/grid/components/grid-load-failure";
import type { GridActionAnswer } from "~/grid/grid-actions";
import type { GridRow, GridView } from "~/grid/grid-view";
import { isGridLoadFailure, type GridLoadFailure } from "~/grid/load-failure";
import { ADD_PROVIDER_OFFER, NEW_PROVIDER_PATH, providersGrid } from "~/modules/providers/grid";
import type { ProviderRowDetail } from "~/modules/providers/provider-detail";
import { ProviderPanel } from "./provider-panel";

// Keyed by the version: a save or a refused stale form shows the provider as it is now.
const renderPanel = (detail: ProviderRowDetail, _row: GridRow, context: DetailActionContext) => (
  <ProviderPanel key={detail.version} detail={detail} context={context} />
);

/** The Providers table with 'Add new provider' for users who may add one, or the spec's failure words in its place. */
export function ProvidersGrid({ page, answer }: { page: GridView<ProviderRowDetail> | GridLoadFailure; answer?: GridActionAnswer | null }) {
  if (isGridLoadFailure(page)) return <GridLoadFailureAlert failure={page} />;
  return (
    <>
      {page.offers?.[ADD_PROVIDER_OFFER] ? (
        <Group justify="flex-end" mb="xs">
          <Button component={Link} to={NEW_PROVIDER_PATH} size="sm">
            Add new provider
          </Button>
        </Group>
      ) : null}
      <DataGrid definition={providersGrid} view={page} renderDetail={renderPanel} answer={answer} note="Grayed rows are inactive providers." />
    </>
  );
}
