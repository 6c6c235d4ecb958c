import { describe, expect, it } from "vitest";
import type { GridDefinition } from "~/grid/definition";
import { unboundIds, type SqlBindings } from "~/grid/sql-bindings.server";
import { applicationsGrid } from "~/modules/applications/grid";
import { APPLICATION_BINDINGS } from "~/modules/applications/grid-query.server";
import { quotesGrid } from "~/modules/quotes/grid";
import { QUOTE_BINDINGS } from "~/modules/quotes/grid-query.server";
import { scanResultsGrid } from "~/modules/scan-results/grid";
import { SCAN_RESULT_BINDINGS } from "~/modules/scan-results/grid-query.server";
import { servicesGrid, transactionsGrid } from "~/modules/transactions/grid";
import { TRANSACTION_BINDINGS } from "~/modules/transactions/grid-query.server";

const GRIDS: Array<[GridDefinition, SqlBindings<never>]> = [
  [transactionsGrid, TRANSACTION_BINDINGS],
  [servicesGrid, TRANSACTION_BINDINGS],
  [quotesGrid, QUOTE_BINDINGS],
  [scanResultsGrid, SCAN_RESULT_BINDINGS],
  [applicationsGrid, APPLICATION_BINDINGS],
];

describe("column bindings", () => {
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
