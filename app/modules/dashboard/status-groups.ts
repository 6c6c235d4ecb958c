import { FAILED_OR_CANCELLED_STATUSES, type ProcessStatus } from "~/modules/transactions/vocabulary";

/** The dashboard's status groups (decision 0045); IN PROGRESS and SUBMITTED belong to none. */
export const STATUS_GROUPS = ["successful", "failed", "cancelled"] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

export const STATUSES_OF_GROUP: Readonly<Record<StatusGroup, readonly ProcessStatus[]>> = {
  successful: ["COMPLETED", "COMPLETED (CCCONE Error)"],
  failed: FAILED_OR_CANCELLED_STATUSES.filter((status) => status.startsWith("FAILED")),
  cancelled: ["CANCELLED"],
};

export const STATUS_GROUP_LABELS: Readonly<Record<StatusGroup, string>> = {
  successful: "Successful",
  failed: "Failed",
  cancelled: "Cancelled",
};
