import type { HistoryChange } from "~/modules/audit/history";
import type { ActivityCellsSource } from "./cells";

/** An Activity row's expanded details (client-safe; event-detail.server.ts reads them): the row's fields, `at` as a detail view writes it in the viewer's zone. */
export interface ActivityEventDetail extends ActivityCellsSource {
  /** What a refused write or a sign-in says about itself (its reason), else null. */
  note: string | null;
  /** The change field by field; secrets never shown. */
  changes: HistoryChange[];
  /** What a refused write or a sign-in records beside its reason (the permission, the client address): facts, not a change. */
  facts: Array<{ label: string; value: string }>;
  /** The record's own screen with its row expanded, while the record exists and the viewer may open it. */
  link: { href: string; label: string } | null;
  requestId: string | null;
}
