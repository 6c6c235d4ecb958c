import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import type { DataGridProps } from "./data-grid-parts";
import { StaticGrid } from "./static-grid";

export type { DataGridProps, DetailActionContext } from "./data-grid-parts";

const InteractiveGrid = lazy(() => import("./interactive-grid"));

/**
 * The one grid of the portal. Everything is a link or a GET form (STACK.md): sort headers, pages,
 * page sizes, chips, expansion, the filter menu, the date range and the column chooser, so it
 * works without JavaScript. The server and the first client render send a plain table with those
 * links; once hydrated it becomes mantine-react-table, the same URLs are followed by Remix, row
 * selection is live and no second request starts while one is under way. The hydrated table's
 * code (mantine-react-table) is a chunk of its own, loaded after hydration: until it arrives the
 * plain table stays, so the page's first JavaScript is smaller and nothing waits for it.
 */
export function DataGrid<Detail>(props: DataGridProps<Detail>) {
  const hydrated = useHydrated();
  if (!hydrated) return <StaticGrid {...props} />;
  return (
    <Suspense fallback={<StaticGrid {...props} loadingChunk />}>
      {/* React.lazy keeps no type parameter: the props are the same object. */}
      <InteractiveGrid {...(props as DataGridProps<unknown>)} />
    </Suspense>
  );
}
