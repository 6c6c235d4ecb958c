import { lazy, Suspense, useEffect, useState } from "react";
import type { BulkDialogProps } from "~/grid/components/bulk-action";

/** The Bulk Role(s) Assignment dialog's code is loaded when it is first opened, not with the grid. */
const BulkRoleModal = lazy(() => import("./bulk-role-modal").then((module) => ({ default: module.BulkRoleModal })));

/** Loaded on first use, then kept mounted, so its save goes on (and opens its result) after it closes. */
export function LazyBulkRoleModal(props: BulkDialogProps & { path: string }) {
  const [wanted, setWanted] = useState(props.opened);
  useEffect(() => {
    if (props.opened) setWanted(true);
  }, [props.opened]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BulkRoleModal {...props} />
    </Suspense>
  );
}
