import { lazyDialog } from "~/components/lazy-dialog";

/** The Available Actions dialog, its code loaded when it is first opened (lazy-dialog.tsx). */
export const LazyResendModal = lazyDialog(() => import("./resend-modal").then((module) => module.ResendModal));
