import type { GridColumn, GridDefinition, GridFilter } from "~/grid/definition";

/**
 * A test-only dated grid shaped like Transactions: Request ID and Last Updated Date (the default
 * sort, newest first) and a Provider select, then the columns and filters a test adds, in its
 * order; page sizes 10/20/30/50, a Scan Date window of the last 7 days.
 */
export function sampleGrid(more: { columns: readonly GridColumn[]; filters: readonly GridFilter[] }): GridDefinition {
  return {
    id: "sample",
    path: "/sample",
    title: "Sample",
    columns: [
      { id: "id", label: "Request ID", defaultVisible: true, sortable: true },
      { id: "created", label: "Last Updated Date", defaultVisible: true, sortable: true },
      ...more.columns,
    ],
    filters: [{ id: "provider", label: "Provider", kind: { type: "select" } }, ...more.filters],
    defaultSort: { column: "created", dir: "desc" },
    pageSizes: [10, 20, 30, 50],
    defaultPageSize: 20,
    dateRange: { label: "Scan Date", defaultDays: 7 },
  };
}
