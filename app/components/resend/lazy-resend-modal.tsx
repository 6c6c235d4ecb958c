import { lazy, Suspense, useEffect, useState } from "react";
import type { BulkDialogProps } from "~/grid/components/bulk-action";

/** The Available Actions dialog's code is loaded when it is first opened, not with the grid. */
const ResendModal = lazy(() => import("./resend-modal").then((module) => ({ default: module.ResendModal })));

/**
 * The Available Actions dialog, loaded on first use. Once loaded it stays mounted, closed or open:
 * its resend goes on (and its outcome opens the pop-up) after the dialog has closed.
 */
export function LazyResendModal(props: BulkDialogProps) {
  const [wanted, setWanted] = useState(props.opened);
  useEffect(() => {
    if (props.opened) setWanted(true);
  }, [props.opened]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ResendModal {...props} />
    </Suspense>
  );
}
