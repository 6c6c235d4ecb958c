import { lazy, Suspense } from "react";

/** The detail dialog's code (the whole detail view) is loaded on the first click, not with the grid. */
const DetailDialog = lazy(() => import("./detail-dialog").then((module) => ({ default: module.DetailDialog })));

/** A grid's detail dialog, loaded when first opened; until then it renders nothing. */
export function LazyDetailDialog({ href, onClose }: { href: string | null; onClose: () => void }) {
  if (href === null) return null;
  return (
    <Suspense fallback={null}>
      <DetailDialog href={href} onClose={onClose} />
    </Suspense>
  );
}
