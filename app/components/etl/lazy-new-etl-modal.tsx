import { lazyDialog } from "~/components/lazy-dialog";

/** The Add New Etl Variable dialog, its code loaded when it is first opened (lazy-dialog.tsx). */
export const LazyNewEtlModal = lazyDialog(() => import("./new-etl-modal").then((module) => module.NewEtlModal));
