import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDb } from "~/db/db.server";
import { numericIds } from "./schema";
import { selectionRefusals, type SelectedRow } from "./selection-rules";
import { MAX_RESEND_SELECTION } from "./vocabulary";

/** A selected transaction as the confirmation shows it and the resend needs it. */
export interface SelectedTransaction extends SelectedRow {
  scanResponseId: number | null;
  vin: string | null;
  shopName: string | null;
}

export interface CheckedSelection {
  /** The visible rows, in the order they were requested. */
  rows: SelectedTransaction[];
  refusals: string[];
}

/** The requested rows the user may see (provider scope applied here), then the rules. */
export async function checkSelection(requested: readonly string[], scope: ProviderScope): Promise<CheckedSelection> {
  const ids = requested.length <= MAX_RESEND_SELECTION ? numericIds(requested) : [];
  let rows: SelectedTransaction[] = [];
  if (ids.length > 0) {
    let query = getDb()
      .selectFrom("scanRequests")
      .select(["scanRequestId", "scanResponseId", "scanType", "status", "vin", "shopName"])
      .where("scanRequestId", "in", ids);
    if (scope.restricted) query = query.where("providerId", "=", scope.providerId);
    const found = new Map((await query.execute()).map((row) => [row.scanRequestId, row]));
    rows = ids.flatMap((id) => found.get(id) ?? []);
  }
  return { rows, refusals: selectionRefusals(requested, rows) };
}
