import type { GridDefinition } from "~/grid/definition";

/**
 * A test-only cursor-paged grid: Name and Amount, both sortable, by Amount descending unless the
 * URL says otherwise, a Name prefix filter, pages of 10 or 20.
 */
export const probeGrid: GridDefinition = {
  id: "probe",
  path: "/probe",
  title: "Probe",
  columns: [
    { id: "name", label: "Name", defaultVisible: true, sortable: true },
    { id: "amount", label: "Amount", defaultVisible: true, sortable: true },
  ],
  filters: [{ id: "name", label: "Name", kind: { type: "text", maxLength: 20 } }],
  defaultSort: { column: "amount", dir: "desc" },
  pageSizes: [10, 20],
  defaultPageSize: 10,
  paging: "cursor",
};
