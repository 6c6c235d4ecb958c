import type { Locator, Page } from "@playwright/test";

/**
 * What axe does not check about the portal's grids, on every grid a checked screen shows (the plain
 * table sent by the server and the hydrated mantine-react-table alike; both mark their data cells
 * with data-column): the table keeps its roles (a named table, rows, column headers, cells), and
 * its sort state is announced (aria-sort on every sortable header, the sorted one ascending or
 * descending as the URL says). Named controls are axe's rules (button-name, link-name, label).
 */
const GRID_TABLES = "table:has(td[data-column])";

/** A sortable header links to the grid sorted by its column: its link's `sort` parameter. */
async function sortableHeaders(table: Locator): Promise<{ column: string; ariaSort: string | null; name: string }[]> {
  return table.locator("th").evaluateAll((headers) =>
    headers.flatMap((header) => {
      const link = header.querySelector("a[href*='sort=']");
      if (!link) return [];
      const column = new URL(link.getAttribute("href") ?? "", location.href).searchParams.get("sort") ?? "";
      return [{ column, ariaSort: header.getAttribute("aria-sort"), name: (header.textContent ?? "").trim() }];
    }),
  );
}

export async function gridSemanticsProblems(page: Page): Promise<string[]> {
  const tables = page.locator(GRID_TABLES);
  const count = await tables.count();
  const problems: string[] = [];
  const named = await page
    .getByRole("table")
    .filter({ has: page.locator("td[data-column]") })
    .count();
  if (named !== count) problems.push(`${count - named} of ${count} grid tables are not exposed as tables`);

  const url = new URL(page.url());
  const sortedColumn = url.searchParams.get("sort");
  // Without `dir` the URL has the column's default direction, which only the grid's definition knows.
  const dir = url.searchParams.get("dir");
  const direction = dir === "asc" ? "ascending" : dir === "desc" ? "descending" : null;
  for (let index = 0; index < count; index++) {
    const table = tables.nth(index);
    const label = (await table.getAttribute("aria-label")) ?? `grid table ${index + 1}`;
    if (!(await table.getAttribute("aria-label")) && !(await table.getAttribute("aria-labelledby"))) {
      problems.push(`${label}: the table has no accessible name`);
    }
    const dataCells = await table.locator("td[data-column]").count();
    const roles = {
      row: await table.getByRole("row").count(),
      columnheader: await table.getByRole("columnheader").count(),
      cell: await table.getByRole("cell").count(),
    };
    if (roles.columnheader === 0) problems.push(`${label}: no column headers (role columnheader)`);
    if (roles.row < 2) problems.push(`${label}: ${roles.row} rows (role row), expected a header row and data rows`);
    if (roles.cell < dataCells) problems.push(`${label}: ${dataCells} data cells but only ${roles.cell} with role cell`);

    const headers = await sortableHeaders(table);
    for (const header of headers) {
      if (!["ascending", "descending", "none"].includes(header.ariaSort ?? "")) {
        problems.push(`${label}: sortable header "${header.name}" has aria-sort=${header.ariaSort ?? "(none)"}`);
      }
    }
    const sorted = headers.filter((header) => header.ariaSort === "ascending" || header.ariaSort === "descending");
    if (sorted.length > 1) problems.push(`${label}: ${sorted.length} headers claim the sort: ${sorted.map((header) => header.name).join(", ")}`);
    const urlSorted = headers.find((header) => header.column === sortedColumn);
    const announced = urlSorted && (direction ? urlSorted.ariaSort === direction : urlSorted.ariaSort === "ascending" || urlSorted.ariaSort === "descending");
    if (urlSorted && !announced) {
      problems.push(
        `${label}: sorted by "${urlSorted.name}" (${direction ?? "its default direction"}) but its header says aria-sort=${urlSorted.ariaSort ?? "(none)"}`,
      );
    }
  }
  return problems;
}
