import { DataGrid } from "~/grid/components/data-grid";
import { GridLoadFailureAlert } from "~/grid/components/grid-load-failure";
import type { GridActionAnswer } from "~/grid/grid-actions";
import type { GridView } from "~/grid/grid-view";
import { isGridLoadFailure, type GridLoadFailure } from "~/grid/load-failure";
import { REGISTRATIONS_NOTE, shopRegistrationsGrid } from "~/modules/shop-registrations/grid";
import type { RegistrationDetail } from "~/modules/shop-registrations/registration-detail";
import { RegistrationPanel } from "./registration-panel";

const renderPanel = (detail: RegistrationDetail) => <RegistrationPanel detail={detail} />;

/** Shop Registrations, or the failure words in its place when they could not be read; with trust=Y its rows offer the trust actions. */
export function ShopRegistrationsGrid({ page, answer }: { page: GridView<RegistrationDetail> | GridLoadFailure; answer?: GridActionAnswer | null }) {
  if (isGridLoadFailure(page)) return <GridLoadFailureAlert failure={page} />;
  return <DataGrid definition={shopRegistrationsGrid} view={page} renderDetail={renderPanel} answer={answer} note={REGISTRATIONS_NOTE} />;
}
