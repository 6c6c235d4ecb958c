import { lazyDialog } from "~/components/lazy-dialog";

/** The Add Configuration dialog, its code loaded when it is first opened (lazy-dialog.tsx). */
export const LazyNewConfigurationModal = lazyDialog(() => import("./new-configuration-modal").then((module) => module.NewConfigurationModal));
