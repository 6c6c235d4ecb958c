/**
 * The cells a grid page sends: the visible columns' values, and those of columns the page needs
 * even when hidden (e.g. what a bulk action's rule reads). The rest stays on the server.
 */
export function shownCells(cells: Readonly<Record<string, string>>, visible: readonly string[], alwaysSent: readonly string[] = []): Record<string, string> {
  const columns = new Set<string>([...visible, ...alwaysSent]);
  return Object.fromEntries(Object.entries(cells).filter(([id]) => columns.has(id)));
}
