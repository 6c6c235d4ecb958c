import { describe, expect, it } from "vitest";
import type { GridDefinition } from "~/grid/definition";
import { unboundIds, type SqlBindings } from "~/grid/sql-bindings.server";
import { adoptionGrid } from "~/modules/adoption/grid";
import { ADOPTION_BINDINGS } from "~/modules/adoption/grid-query.server";
import { applicationsGrid } from "~/modules/applications/grid";
import { APPLICATION_BINDINGS } from "~/modules/applications/grid-query.server";
import { configurationsGrid } from "~/modules/configurations/grid";
import { CONFIGURATION_BINDINGS } from "~/modules/configurations/grid-query.server";
import { devicesGrid } from "~/modules/devices/grid";
import { DEVICE_BINDINGS } from "~/modules/devices/grid-query.server";
import { errorLogGrid } from "~/modules/error-log/grid";
import { ERROR_LOG_BINDINGS } from "~/modules/error-log/grid-query.server";
import { etlGrid } from "~/modules/etl/grid";
import { ETL_BINDINGS } from "~/modules/etl/grid-query.server";
import { providersGrid } from "~/modules/providers/grid";
import { PROVIDER_BINDINGS } from "~/modules/providers/grid-query.server";
import { quotesGrid } from "~/modules/quotes/grid";
import { QUOTE_BINDINGS } from "~/modules/quotes/grid-query.server";
import { scanResultsGrid } from "~/modules/scan-results/grid";
import { SCAN_RESULT_BINDINGS } from "~/modules/scan-results/grid-query.server";
import { shopListGrid } from "~/modules/shop-list/grid";
import { SHOP_LIST_BINDINGS } from "~/modules/shop-list/grid-query.server";
import { shopRegistrationsGrid } from "~/modules/shop-registrations/grid";
import { REGISTRATION_BINDINGS } from "~/modules/shop-registrations/grid-query.server";
import { servicesGrid, transactionsGrid } from "~/modules/transactions/grid";
import { TRANSACTION_BINDINGS } from "~/modules/transactions/grid-query.server";
import { DIRECTORY_BINDINGS } from "~/modules/user-roles/directory-query.server";
import { userRolesGrid } from "~/modules/user-roles/grid";

/** Every grid of the portal with the bindings its query reads (the type checks their keys; this, which sort). */
const GRIDS: Array<[GridDefinition, SqlBindings<never>]> = [
  [transactionsGrid, TRANSACTION_BINDINGS],
  [servicesGrid, TRANSACTION_BINDINGS],
  [quotesGrid, QUOTE_BINDINGS],
  [scanResultsGrid, SCAN_RESULT_BINDINGS],
  [applicationsGrid, APPLICATION_BINDINGS],
  [adoptionGrid, ADOPTION_BINDINGS],
  [configurationsGrid, CONFIGURATION_BINDINGS],
  [devicesGrid, DEVICE_BINDINGS],
  [errorLogGrid, ERROR_LOG_BINDINGS],
  [etlGrid, ETL_BINDINGS],
  [providersGrid, PROVIDER_BINDINGS],
  [shopListGrid, SHOP_LIST_BINDINGS],
  [shopRegistrationsGrid, REGISTRATION_BINDINGS],
  [userRolesGrid, DIRECTORY_BINDINGS],
];

describe("column bindings", () => {
  it("covers every grid of the portal", () => {
    expect(new Set(GRIDS.map(([definition]) => definition.id)).size).toBe(14);
  });

  it.each(GRIDS.map(([definition, bindings]) => [definition.id, definition, bindings] as const))(
    "%s binds every filter and every sortable column",
    (_id, definition, bindings) => {
      expect(definition.filters.length).toBeGreaterThan(0);
      expect(unboundIds(definition, bindings)).toEqual([]);
    },
  );

  it("names what a table lacks", () => {
    const definition = { ...quotesGrid, columns: [{ id: "vin", label: "VIN", defaultVisible: true, sortable: true }] };
    expect(unboundIds(definition, { vin: { sql: "q.vin", sortable: false } })).toEqual([...quotesGrid.filters.map((filter) => filter.id), "vin"]);
  });
});
