import { lazyDialog } from "~/components/lazy-dialog";

/** The Bulk Role(s) Assignment dialog, its code loaded when it is first opened (lazy-dialog.tsx). */
export const LazyBulkRoleModal = lazyDialog(() => import("./bulk-role-modal").then((module) => module.BulkRoleModal));
